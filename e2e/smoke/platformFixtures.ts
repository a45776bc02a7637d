/**
 * The platforms' answers as their documentation shows them (read 2026-11-26), for the receivers
 * (conversionReceivers.ts) and the unit tests: not the code's own expectations.
 * - Google: requestStatus.retrieve's RetrieveRequestStatusResponse (requestStatusPerDestination,
 *   requestStatus REQUEST_STATUS_UNKNOWN | SUCCESS | PROCESSING | FAILED | PARTIAL_SUCCESS,
 *   errorInfo.errorCounts[{recordCount, reason}] with ProcessingErrorReason values, and
 *   eventsIngestionStatus.recordCount), https://developers.google.com/data-manager/api/reference/rest/v1/requestStatus/retrieve;
 *   events.ingest's IngestEventsResponse {requestId}; an error as google.rpc.Status
 *   ({"error":{code, message, status}}), https://cloud.google.com/apis/design/errors.
 * - Meta: the Graph API's error object ({"error":{message, type, code, error_subcode,
 *   error_user_title, error_user_msg, fbtrace_id}}), code 190 for an invalid access token and 100
 *   for an invalid parameter, https://developers.facebook.com/docs/graph-api/guides/error-handling/;
 *   a website event requires client_user_agent,
 *   https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/customer-information-parameters/.
 */
const destination = {
  operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' },
  productDestinationId: '987654321',
};

function status(requestStatus: string, extra: Record<string, unknown> = {}) {
  return {
    requestStatusPerDestination: [
      { destination, requestStatus, eventsIngestionStatus: { recordCount: '1' }, ...extra },
    ],
  };
}

export const googleFixtures = {
  ingested: { requestId: '126365e1-16d0-4c81-9de9-f362711e250a' },
  statusSuccess: status('SUCCESS'),
  statusProcessing: status('PROCESSING'),
  statusUnknown: status('REQUEST_STATUS_UNKNOWN'),
  statusFailedInvalidGclid: status('FAILED', {
    errorInfo: {
      errorCounts: [{ recordCount: '1', reason: 'PROCESSING_ERROR_REASON_INVALID_GCLID' }],
    },
  }),
  statusPartial: status('PARTIAL_SUCCESS', {
    errorInfo: {
      errorCounts: [{ recordCount: '1', reason: 'PROCESSING_ERROR_REASON_EVENT_TOO_OLD' }],
    },
  }),
  invalidArgument: (message: string) => ({
    error: { code: 400, message, status: 'INVALID_ARGUMENT' },
  }),
} as const;

export const metaFixtures = {
  invalidToken: {
    error: {
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
      fbtrace_id: 'AbCdEfGhIjK',
    },
  },
  missingUserAgent: {
    error: {
      message: 'Invalid parameter',
      type: 'OAuthException',
      code: 100,
      fbtrace_id: 'AbCdEfGhIjK',
    },
  },
} as const;
