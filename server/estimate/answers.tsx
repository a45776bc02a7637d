/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// One status, message and Retry-After per outcome of an estimate, as JSON or as a page.
import { brands, type BrandId } from '../../src/brand/brands';
import { json, page } from '../http/answers';
import { messages } from '../http/messages';
import type { PostedValues } from './formPost';
import { AcceptedPage, answerStyle, ProblemPage, RefusedPage, RetryPage } from './pages';

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
        message: messages.rateLimited(phone, Math.ceil(answer.retryAfterSeconds / 60)),
        retryAfter: { 'Retry-After': String(answer.retryAfterSeconds) },
      }
    : {
        status: 503,
        message: messages.unavailable(phone),
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
  if (answer.kind === 'accepted') {
    return page(201, <AcceptedPage brand={brand} id={answer.id} />, answerStyle);
  }
  const { status, message, retryAfter } = refusalOf(answer, brand);
  const retry = <RetryPage brand={brand} message={message} values={values} action={action} />;
  return page(status, retry, answerStyle, retryAfter);
}

export function problemAnswer(status: number, brand: BrandId, message: string, note?: string) {
  return page(
    status,
    <ProblemPage brand={brand} message={message} {...(note && { note })} />,
    answerStyle,
  );
}

export function refusedAnswer(
  brand: BrandId,
  errors: Record<string, string>,
  values: PostedValues,
  action: string,
): Promise<Response> {
  const refused = <RefusedPage brand={brand} errors={errors} values={values} action={action} />;
  return page(422, refused, answerStyle);
}
