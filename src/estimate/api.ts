/**
 * The estimate API client. Every outcome is classified, never thrown: the form only has to know
 * whether the estimate was accepted, which fields to fix, or that sending again is safe.
 * send.ts builds the body it sends; estimateEvents.ts reports each outcome.
 */
import type { EstimateRequest } from './contract/validation/estimateSchema';
import { isRecord } from '../lib/isRecord';
import { RequestTimeoutError, withTimeout } from '../lib/withTimeout';
import { keyReusedCode } from './contract/apiContract';
import { estimatesUrl } from './endpoint';

/** Why a send did not get through; sending again is safe. */
export type RetryReason = 'network' | 'timeout' | 'server' | 'unexpected';

/** What came of a send. */
export type SendOutcome =
  /** The API stored the lead (or had stored it under the same Idempotency-Key). */
  | { kind: 'accepted'; id: string }
  /** The API refused the content: messages by field path ("form" for the body as a whole). */
  | { kind: 'invalid'; errors: Record<string, string> }
  /** Too many new leads from this address; the message says when to try again. */
  | { kind: 'rate-limited'; errors: Record<string, string> }
  /** The request did not get through, or its answer was not understood. */
  | { kind: 'retryable'; reason: RetryReason };

/**
 * What a single POST can also come to, which send.ts resolves before the form hears of it: the
 * Idempotency-Key was already used for other content (a tab copied with its draft sent first), so
 * the same body under a new key is a lead of its own.
 */
export type SubmitOutcome = SendOutcome | { kind: 'key-reused' };

/** @internal Exported for the client's test, which pins the 15 s of the spec. */
export const requestTimeoutMs = 15_000;

const maxIdLength = 200;
const maxMessageLength = 500;

function fieldErrorsFrom(data: unknown): Record<string, string> | null {
  if (!isRecord(data) || !isRecord(data.errors)) return null;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(data.errors)) {
    if (typeof message === 'string' && message !== '') {
      errors[field] = message.slice(0, maxMessageLength);
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The answer's body: JSON when it parses, else undefined (an HTML error page, nothing). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POSTs the estimate with the platform's fetch; the same idempotencyKey makes a retry answer the
 * first attempt's id. The answer's body is read within the same 15 s as the request.
 */
export async function submitEstimate(
  body: EstimateRequest,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  let payload: string;
  try {
    payload = JSON.stringify(body);
  } catch {
    return { kind: 'retryable', reason: 'unexpected' };
  }
  let answer: { status: number; text: string };
  try {
    answer = await withTimeout(async (signal) => {
      const response = await fetch(estimatesUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': idempotencyKey,
        },
        body: payload,
        signal,
      });
      return { status: response.status, text: await response.text() };
    }, requestTimeoutMs);
  } catch (error) {
    if (error instanceof RequestTimeoutError) return { kind: 'retryable', reason: 'timeout' };
    // fetch rejects with a TypeError when the request does not get through (offline, DNS, reset).
    if (error instanceof TypeError) return { kind: 'retryable', reason: 'network' };
    return { kind: 'retryable', reason: 'unexpected' };
  }
  const { status } = answer;
  const data = parsed(answer.text);
  if (status === 201) {
    const id = isRecord(data) ? data.id : undefined;
    return typeof id === 'string' && id !== '' && id.length <= maxIdLength
      ? { kind: 'accepted', id }
      : { kind: 'retryable', reason: 'unexpected' };
  }
  // 429: too many new leads from this address (shared by many phones behind carrier NAT); the
  // answer's message, at the form, says when to try again and gives the phone number, and the
  // form keeps everything typed, as for any message from the server.
  if (status === 422 && isRecord(data) && data.code === keyReusedCode) {
    return { kind: 'key-reused' };
  }
  if (status === 422 || status === 429) {
    const errors = fieldErrorsFrom(data);
    if (!errors) return { kind: 'retryable', reason: 'unexpected' };
    return { kind: status === 422 ? 'invalid' : 'rate-limited', errors };
  }
  return { kind: 'retryable', reason: status >= 500 ? 'server' : 'unexpected' };
}
