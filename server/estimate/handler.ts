/**
 * `POST /api/estimates`: JSON with an Idempotency-Key (the dialog; its answers are the contract of
 * src/estimate/api.ts) or the native form post (pages of answerPages.ts). Bad input never reaches
 * a 5xx; a store failure is a 503, safe to retry.
 */
import * as v from 'valibot';
import { isBrandId, type BrandId } from '../../src/brand/brands';
import {
  estimateRequestSchema,
  fieldErrors,
  honeypotField,
  type EstimateRequest,
} from '../../src/estimate/contract/validation/estimateSchema';
import { keyReusedCode } from '../../src/estimate/contract/apiContract';
import { isRecord } from '../../src/lib/isRecord';
import { problemPage, refusedPage } from './pages';
import { answers, brandMismatchMessage } from '../http/messages';
import { leadContentHash, requestFingerprint } from '../leads/contentHash';
import { jsonAnswer, pageAnswer, type Answer } from './answers';
import { isSameSitePost, postedValues, requestFromForm } from './formPost';
import { html, json, mediaType, notUtf8, readBody, tooLarge } from '../http/http';
import { readKeyedJson } from '../http/keyedJson';
import { createKeyedQueue } from './keyedQueue';
import { leadMatching } from './matching';
import type { KeyedLead, LeadNotifier, LeadStore, NewLead, RateLimiter } from '../leads/store';
import { newLeadRateLimitKey } from './rateLimitPolicy';
import { receiptId } from '../leads/receiptId';

/** What the runtime knows of a request that the request itself does not say reliably. */
export type EstimateContext = {
  brand: BrandId;
  clientKey: string;
  siteOrigin: string;
};

export type EstimateHandler = (request: Request, ctx: EstimateContext) => Promise<Response>;

export type EstimateHandlerOptions = {
  store: LeadStore;
  rateLimiter: RateLimiter;
  notifier: LeadNotifier;
  now?: () => Date;
  newId?: () => string;
};

/** @internal Exported for tests, which move the clock across it. */
export const duplicateWindowMs = 10 * 60 * 1000;

type Validated =
  { ok: true; output: EstimateRequest } | { ok: false; errors: Record<string, string> };

function validate(body: unknown, hostBrand: BrandId): Validated {
  const parsed = v.safeParse(estimateRequestSchema, body);
  const errors = parsed.success ? {} : fieldErrors(parsed.issues);
  if (isRecord(body) && isBrandId(body.brand) && body.brand !== hostBrand) {
    errors.brand = brandMismatchMessage(hostBrand);
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, output: parsed.output };
}

type Sent = Pick<NewLead, 'idempotencyKey' | 'requestHash' | 'matching'>;

export function createEstimateHandler(options: EstimateHandlerOptions): EstimateHandler {
  const { store, rateLimiter, notifier } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => receiptId(now()));

  /** A request answered with a lead stored before: what a crash left unqueued is queued now. */
  async function stored(id: string): Promise<Answer & { kind: 'accepted' }> {
    await notifier.replayed(id).catch((error: unknown) => {
      console.error('[estimates] notify', error);
    });
    return { kind: 'accepted', id };
  }

  /**
   * One (brand, key) and one (brand, content) at a time in this process, so racing repeats find the
   * first one's lead instead of each counting against the rate limit; the store's atomic insert
   * keeps them one row across processes.
   */
  const oneAtATime = createKeyedQueue();

  function accept(
    output: EstimateRequest,
    ctx: EstimateContext,
    sent: Sent,
    contentHash: string,
  ): Promise<Answer> {
    return oneAtATime(`${ctx.brand}\ncontent:${contentHash}`, () =>
      acceptNow(output, ctx, sent, contentHash),
    );
  }

  async function acceptNow(
    output: EstimateRequest,
    ctx: EstimateContext,
    sent: Sent,
    contentHash: string,
  ): Promise<Answer> {
    try {
      const receivedAt = now();
      const since = new Date(receivedAt.getTime() - duplicateWindowMs).toISOString();
      const duplicate = await store.findDuplicate(ctx.brand, contentHash, since);
      if (duplicate) return stored(duplicate);
      const limit = await rateLimiter.hit(newLeadRateLimitKey(ctx.brand, ctx.clientKey));
      if (!limit.ok) return { kind: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
      const lead: NewLead = {
        id: newId(),
        brand: ctx.brand,
        ...sent,
        contentHash,
        receivedAt: receivedAt.toISOString(),
        suspectedSpam: Boolean(output[honeypotField]),
        request: output,
      };
      const { id, created } = await store.insert(lead, since);
      if (!created) return stored(id);
      // Every new lead, spam too (each channel decides). Stored is what counts: a lead the
      // notifier could not take stays in the store, for a replay or the sweep (docs/deploy.md).
      await notifier.created({ ...lead, id }).catch((error: unknown) => {
        console.error('[estimates] notify', error);
      });
      return { kind: 'accepted', id };
    } catch (error) {
      console.error('[estimates] store', error);
      return { kind: 'unavailable' };
    }
  }

  async function handleJson(request: Request, ctx: EstimateContext): Promise<Response> {
    const read = await readKeyedJson(request);
    if (read instanceof Response) return read;
    const { key, body } = read;
    const requestHash = await requestFingerprint(body);
    return oneAtATime(`${ctx.brand}\n${key}`, async () => {
      let known: KeyedLead | null;
      try {
        known = await store.findByKey(ctx.brand, key);
      } catch (error) {
        console.error('[estimates] store', error);
        return jsonAnswer({ kind: 'unavailable' }, ctx.brand);
      }
      // The same body again is answered before validation: a retry the next day still gets its id.
      const replay = known && (known.requestHash ?? requestHash) === requestHash;
      if (known && replay) return jsonAnswer(await stored(known.id), ctx.brand);
      const result = validate(body, ctx.brand);
      if (!result.ok) return json(422, { errors: result.errors });
      const hash = await leadContentHash(ctx.brand, result.output);
      if (known) {
        // Other tracking with the same content is still this lead; other content is not.
        return known.contentHash === hash
          ? jsonAnswer(await stored(known.id), ctx.brand)
          : json(422, { error: answers.keyReused, code: keyReusedCode });
      }
      const matching = leadMatching(request, ctx, result.output);
      const sent: Sent = { idempotencyKey: key, requestHash, ...(matching && { matching }) };
      return jsonAnswer(await accept(result.output, ctx, sent, hash), ctx.brand);
    });
  }

  async function handleForm(request: Request, ctx: EstimateContext): Promise<Response> {
    if (!isSameSitePost(request.headers, ctx.siteOrigin)) {
      await request.body?.cancel().catch(() => undefined);
      return html(403, problemPage(ctx.brand, answers.crossSite, answers.crossSiteNote));
    }
    const raw = await readBody(request);
    if (raw === tooLarge) {
      return html(413, problemPage(ctx.brand, answers.tooLarge));
    }
    if (raw === notUtf8) return html(400, problemPage(ctx.brand, answers.invalidJson));
    const values = postedValues(raw);
    const action = new URL(request.url).pathname;
    const result = validate(requestFromForm(values, request.headers.get('cookie')), ctx.brand);
    if (!result.ok) return html(422, refusedPage(ctx.brand, result.errors, values, action));
    const hash = await leadContentHash(ctx.brand, result.output);
    // No Idempotency-Key without a script: the content is the key, per window of duplicates.
    const window = Math.floor(now().getTime() / duplicateWindowMs);
    const key = `form:${hash.slice(0, 32)}:${window}`;
    const matching = leadMatching(request, ctx, result.output);
    const sent: Sent = { idempotencyKey: key, requestHash: hash, ...(matching && { matching }) };
    const answer = await accept(result.output, ctx, sent, hash);
    return pageAnswer(answer, ctx.brand, values, action);
  }

  return async (request, ctx) => {
    try {
      if (request.method !== 'POST') {
        return json(405, { error: answers.methodNotAllowed }, { Allow: 'POST' });
      }
      const type = mediaType(request.headers.get('content-type'));
      if (type === 'application/x-www-form-urlencoded') return await handleForm(request, ctx);
      if (type !== 'application/json') {
        return json(
          415,
          { error: answers.unsupportedMediaType },
          { Accept: 'application/json, application/x-www-form-urlencoded' },
        );
      }
      return await handleJson(request, ctx);
    } catch (error) {
      // Only a fault of the server itself gets here (a body stream that broke), never bad input.
      console.error('[estimates]', error);
      return jsonAnswer({ kind: 'unavailable' }, ctx.brand);
    }
  };
}
