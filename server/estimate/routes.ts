// `POST /api/estimates`: JSON with an Idempotency-Key (the dialog; src/estimate/api.ts reads its
// answers) or the native form post. Bad input never reaches a 5xx; a store failure is a 503.
import { Hono } from 'hono';
import { keyReusedCode } from '../../src/estimate/contract/apiContract';
import { json, mediaType } from '../http/answers';
import { limitBody, readKeyedJson, readText } from '../http/body';
import { contextOf, type AppContext, type AppEnv } from '../http/context';
import { messages } from '../http/messages';
import { methods } from '../http/methods';
import { isSameSite } from '../http/sameSite';
import { leadContentHash, requestFingerprint } from '../leads/contentHash';
import type { KeyedLead } from '../leads/store';
import { duplicateWindowMs, validate, type Sent } from './accept';
import { showSlotsControl } from '../../src/estimate/contract/booking';
import { bookingChoices, hasBookingInput } from '../booking/choices';
import { choiceAnswer, jsonAnswer, pageAnswer, problemAnswer, refusedAnswer } from './answers';
import { postedValues, requestFromForm } from './formPost';
import { leadMatching } from './matching';

const formType = 'application/x-www-form-urlencoded';

async function answerJson(c: AppContext): Promise<Response> {
  const read = await readKeyedJson(c);
  if (read instanceof Response) return read;
  const { key, body } = read;
  const { acceptor } = c.var.services;
  const ctx = contextOf(c);
  const requestHash = await requestFingerprint(body);
  return acceptor.oneAtATime(`${ctx.brand}\n${key}`, async () => {
    let known: KeyedLead | null;
    try {
      known = await acceptor.store.findByKey(ctx.brand, key);
    } catch (error) {
      console.error('[estimates] store', error);
      return jsonAnswer({ kind: 'unavailable' }, ctx.brand);
    }
    // The same body again is answered before validation: a retry the next day still gets its id.
    if (known && (known.requestHash ?? requestHash) === requestHash) {
      return jsonAnswer(await acceptor.stored(known.id, ctx.siteOrigin), ctx.brand);
    }
    const result = validate(body, ctx.brand);
    if (!result.ok) return json(422, { errors: result.errors });
    const hash = await leadContentHash(ctx.brand, result.output);
    if (known) {
      // Other tracking with the same content is still this lead; other content is not.
      return known.contentHash === hash
        ? jsonAnswer(await acceptor.stored(known.id, ctx.siteOrigin), ctx.brand)
        : json(422, { error: messages.keyReused, code: keyReusedCode });
    }
    const matching = leadMatching(c.req.raw, ctx, result.output, body);
    const sent: Sent = { idempotencyKey: key, requestHash, ...(matching && { matching }) };
    return jsonAnswer(await acceptor.accept(result.output, ctx, sent, hash), ctx.brand);
  });
}

async function answerForm(c: AppContext): Promise<Response> {
  const { brand, siteOrigin } = c.var;
  if (!isSameSite(c.req.raw.headers, siteOrigin)) {
    await c.req.raw.body?.cancel().catch(() => undefined);
    return problemAnswer(403, brand, messages.crossSite, messages.crossSiteNote);
  }
  const raw = await readText(c);
  if (raw === null) return problemAnswer(400, brand, messages.invalidJson);
  const values = postedValues(raw);
  const action = new URL(c.req.url).pathname;
  const { services } = c.var;
  const choices = () => bookingChoices(services, brand, values);
  if (new URLSearchParams(raw).get(showSlotsControl.name) === showSlotsControl.value) {
    return choiceAnswer(brand, values, action, await choices());
  }
  const result = validate(requestFromForm(values, c.req.header('cookie') ?? null), brand);
  if (!result.ok) {
    const listed = hasBookingInput(values) ? await choices() : null;
    return refusedAnswer(brand, result.errors, values, action, listed);
  }
  const hash = await leadContentHash(brand, result.output);
  const { acceptor } = c.var.services;
  // No Idempotency-Key without a script: the content is the key, per window of duplicates.
  const window = Math.floor(acceptor.now().getTime() / duplicateWindowMs);
  const ctx = contextOf(c);
  const matching = leadMatching(c.req.raw, ctx, result.output);
  const sent: Sent = {
    idempotencyKey: `form:${hash.slice(0, 32)}:${window}`,
    requestHash: hash,
    ...(matching && { matching }),
  };
  const answer = await acceptor.accept(result.output, ctx, sent, hash);
  const listed = answer.kind !== 'accepted' && hasBookingInput(values) ? await choices() : null;
  return pageAnswer(answer, brand, values, action, listed);
}

function tooLarge(c: AppContext): Response | Promise<Response> {
  return mediaType(c.req.header('content-type')) === formType
    ? problemAnswer(413, c.var.brand, messages.tooLarge)
    : json(413, { error: messages.tooLarge });
}

export const estimates = new Hono<AppEnv>();

estimates.post('/', limitBody(tooLarge));
estimates.all(
  '/',
  methods({
    POST: (c) => {
      const type = mediaType(c.req.header('content-type'));
      if (type === formType) return answerForm(c);
      if (type === 'application/json') return answerJson(c);
      const accept = { Accept: `application/json, ${formType}` };
      return Promise.resolve(json(415, { error: messages.unsupportedMediaType }, accept));
    },
  }),
);

// Only a fault of the server itself gets here (a body stream that broke), never bad input.
estimates.onError((error, c) => {
  console.error('[estimates]', error);
  return jsonAnswer({ kind: 'unavailable' }, (c as AppContext).var.brand);
});
