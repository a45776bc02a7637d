// The estimate API client: every outcome is classified, never thrown.
import type { EstimateRequest } from './contract/validation/estimateSchema';
import { isRecord } from '../lib/isRecord';
import { RequestTimeoutError, withTimeout } from '../lib/withTimeout';
import { keyReusedCode } from './contract/apiContract';
import { slotTakenError, type BookingAnswer, type SlotTakenAnswer } from './contract/booking';
import { bookingIn, slotsIn } from './bookingAnswers';
import { estimatesUrl } from './endpoint';

/** Sending again is safe. */
export type RetryReason = 'network' | 'timeout' | 'server' | 'unexpected';

export type SendOutcome =
  /** Stored now, or earlier under the same Idempotency-Key; `booking` when a slot was held. */
  | { kind: 'accepted'; id: string; booking?: BookingAnswer }
  /** The slot was taken meanwhile and nothing was stored: the shop's nearest free slots. */
  | ({ kind: 'slot-taken' } & Pick<SlotTakenAnswer, 'message' | 'alternatives'>)
  /** Messages by field path ("form" for the body as a whole). */
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'rate-limited'; errors: Record<string, string> }
  | { kind: 'retryable'; reason: RetryReason };

/** Resolved by send.ts: the key was used for other content (a copied tab), so a new key is due. */
export type SubmitOutcome = SendOutcome | { kind: 'key-reused' };

/** @internal Exported for the client's test, which pins the 15 s of the spec. */
export const requestTimeoutMs = 15_000;

const maxIdLength = 200;
const maxMessageLength = 500;
const slotTakenFallback = 'お選びの日時は埋まりました。ほかの日時をお選びください';

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

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The answer's body is read within the same 15 s as the request. */
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
    if (typeof id !== 'string' || id === '' || id.length > maxIdLength) {
      return { kind: 'retryable', reason: 'unexpected' };
    }
    const booking = isRecord(data) ? bookingIn(data.booking) : undefined;
    return { kind: 'accepted', id, ...(booking && { booking }) };
  }
  if (status === 409 && isRecord(data) && data.error === slotTakenError) {
    const message = typeof data.message === 'string' ? data.message : '';
    return {
      kind: 'slot-taken',
      message: message.slice(0, maxMessageLength) || slotTakenFallback,
      alternatives: slotsIn(data.alternatives),
    };
  }
  // 429: carrier NAT puts many phones behind one address; the message says when to try again.
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
