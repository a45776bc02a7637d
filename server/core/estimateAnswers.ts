/**
 * What `POST /api/estimates` answers once a request is valid (estimateHandler.ts): accepted,
 * rate-limited or the store unavailable, as JSON for the dialog or as a page for the native post.
 * Both forms say the same: one status, message and Retry-After per outcome.
 */
import { brands, type BrandId } from '../../src/brand/brands';
import { acceptedPage, retryPage } from './answerPages';
import { answers } from './answers';
import type { PostedValues } from './formPost';
import { html, json } from './http';

export type Answer =
  | { kind: 'accepted'; id: string }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'unavailable' };

/** Seconds a client is told to wait after a store failure. */
const unavailableRetrySeconds = 30;

/** A refusal's status, its message (with the phone number) and when to try again. */
function refusalOf(answer: Exclude<Answer, { kind: 'accepted' }>, brand: BrandId) {
  const { phone } = brands[brand];
  return answer.kind === 'rateLimited'
    ? {
        status: 429,
        message: answers.rateLimited(phone, Math.ceil(answer.retryAfterSeconds / 60)),
        retryAfter: { 'Retry-After': String(answer.retryAfterSeconds) },
      }
    : {
        status: 503,
        message: answers.unavailable(phone),
        retryAfter: { 'Retry-After': String(unavailableRetrySeconds) },
      };
}

/** The dialog's answer (src/estimate/api.ts): a 429's message is the form's, a 503's an error. */
export function jsonAnswer(answer: Answer, brand: BrandId): Response {
  if (answer.kind === 'accepted') return json(201, { id: answer.id });
  const { status, message, retryAfter } = refusalOf(answer, brand);
  const body = status === 429 ? { errors: { form: message } } : { error: message };
  return json(status, body, retryAfter);
}

/** A native post's page: a refusal carries the form filled in with `values`, posting to `action`. */
export function pageAnswer(
  answer: Answer,
  brand: BrandId,
  values: PostedValues,
  action: string,
): Promise<Response> {
  if (answer.kind === 'accepted') return html(201, acceptedPage(brand, answer.id));
  const { status, message, retryAfter } = refusalOf(answer, brand);
  return html(status, retryPage(brand, message, values, action), retryAfter);
}
