/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// One status, message and Retry-After per outcome of an estimate, as JSON or as a page.
import { brands, type BrandId } from '../../src/brand/brands';
import { slotTakenError, type BookingAnswer, type Slot } from '../../src/estimate/contract/booking';
import { json, page } from '../http/answers';
import { messages } from '../http/messages';
import type { PostedValues } from './formPost';
import type { BookingChoices } from '../booking/views';
import {
  AcceptedPage,
  answerStyle,
  ChoicePage,
  ProblemPage,
  RefusedPage,
  RetryPage,
} from './pages';

export type Answer =
  | { kind: 'accepted'; id: string; booking?: BookingAnswer }
  | { kind: 'bookingRefused'; message: string }
  | { kind: 'slotTaken'; message: string; alternatives: Slot[] }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'unavailable' };

const unavailableRetrySeconds = 30;

type Refusal = Extract<Answer, { kind: 'rateLimited' | 'unavailable' }>;

function refusalOf(answer: Refusal, brand: BrandId) {
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
  if (answer.kind === 'accepted') {
    return json(201, { id: answer.id, ...(answer.booking && { booking: answer.booking }) });
  }
  if (answer.kind === 'bookingRefused') return json(422, { errors: { booking: answer.message } });
  if (answer.kind === 'slotTaken') {
    const { message, alternatives } = answer;
    return json(409, { error: slotTakenError, message, alternatives });
  }
  const { status, message, retryAfter } = refusalOf(answer, brand);
  const body = status === 429 ? { errors: { form: message } } : { error: message };
  return json(status, body, retryAfter);
}

export function pageAnswer(
  answer: Answer,
  brand: BrandId,
  values: PostedValues,
  action: string,
  choices: BookingChoices | null = null,
): Promise<Response> {
  if (answer.kind === 'accepted') {
    const booked = (
      <AcceptedPage
        brand={brand}
        id={answer.id}
        {...(answer.booking && { booking: answer.booking })}
      />
    );
    return page(201, booked, answerStyle);
  }
  if (answer.kind === 'bookingRefused' || answer.kind === 'slotTaken') {
    const status = answer.kind === 'slotTaken' ? 409 : 422;
    const errors = { booking: answer.message };
    const form = { brand, errors, values, action, choices };
    return page(status, <RefusedPage {...form} />, answerStyle);
  }
  const { status, message, retryAfter } = refusalOf(answer, brand);
  const retry = (
    <RetryPage brand={brand} message={message} values={values} action={action} choices={choices} />
  );
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
  choices: BookingChoices | null = null,
): Promise<Response> {
  const refused = <RefusedPage brand={brand} {...{ errors, values, action, choices }} />;
  return page(422, refused, answerStyle);
}

export function choiceAnswer(
  brand: BrandId,
  values: PostedValues,
  action: string,
  choices: BookingChoices,
): Promise<Response> {
  return page(200, <ChoicePage {...{ brand, values, action, choices }} />, answerStyle);
}
