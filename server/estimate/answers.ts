/** One status, message and Retry-After per outcome, as JSON or as a page. */
import { brands, type BrandId } from '../../src/brand/brands';
import { acceptedPage, retryPage } from './pages';
import { answers } from '../http/messages';
import type { PostedValues } from './formPost';
import { html, json } from '../http/http';

export type Answer =
  | { kind: 'accepted'; id: string }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'unavailable' };

const unavailableRetrySeconds = 30;

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
