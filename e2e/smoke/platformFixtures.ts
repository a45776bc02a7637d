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

/**
 * Later-stage conversions in the documentation's field names and value types (read 2026-11-26):
 * - Google: an offline conversion with a value, the Data Manager API's Event (conversionValue a
 *   number in `currency`, an ISO 4217 code; eventTimestamp RFC 3339; transactionId the
 *   deduplication key), https://developers.google.com/data-manager/api/devguides/events/google-ads/offline/send-events.
 * - Meta: an offline event, action_source physical_store with custom_data value and currency,
 *   https://developers.facebook.com/docs/marketing-api/conversions-api/offline-events and
 *   parameters/custom-data (value, currency "required for purchase events").
 */
export const stageFixtures = {
  googleOfflineEvent: {
    adIdentifiers: { gclid: 'GCLID_1' },
    conversionValue: 20,
    currency: 'USD',
    eventTimestamp: '2025-06-10T20:07:01Z',
    transactionId: 'ABC798654321',
    eventSource: 'IN_STORE',
    userData: { userIdentifiers: [{ emailAddress: '8e621e3d03686' }, { phoneNumber: 'a8cf3e1b' }] },
    consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
  },
  metaOfflinePurchase: {
    event_name: 'Purchase',
    event_time: 1_762_902_353,
    event_id: 'order-1',
    action_source: 'physical_store',
    user_data: {
      em: ['309a0a5c3e211326ae75ca18196d301a'],
      ph: ['254aa248acb47dd654ca3ea53f48c2c2'],
    },
    custom_data: { value: 16, currency: 'USD' },
  },
} as const;
