/**
 * The estimate API's rules, written once for every runtime (Fetch API only: a `Request` in, a
 * `Response` out; no node: imports, so it bundles for workerd). The local origin serves it over
 * a file (localLeadStore.ts, through nodeFetch.ts); the Cloudflare Worker over D1 and a Queue.
 *
 * `POST /api/estimates` takes JSON (the modal's submit, with an Idempotency-Key) or the form's
 * native urlencoded post (without JavaScript; same-site only). The JSON answers are the client's
 * contract (src/estimate/api.ts): 201 {"id"}, 422 {"errors":{field:message}}, 429
 * {"errors":{"form":message}} with Retry-After, others {"error":message}. A native post gets HTML
 * pages (answerPages.ts). In order: a replay of a known key answers its first id (before
 * validation: an accepted request stays accepted); invalid → 422; the same content within 10
 * minutes → the first lead's id; over the client's rate limit → 429; else stored, and handed to
 * the notifier unless the honeypot was filled. Bad input never reaches a 5xx; a store failure is
 * a 503 with the phone number, safe to retry.
 */
import * as v from 'valibot';
import { securityHeaders } from '../../prerender/headers';
import { brands, isBrandId, type BrandId } from '../../src/brand/brands';
import {
  estimateRequestSchema,
  fieldErrors,
  honeypotField,
  type EstimateRequest,
} from '../../src/estimate/validation/estimateSchema';
import { isRecord } from '../../src/lib/isRecord';
import { acceptedPage, pageStyle, problemPage, refusedPage } from './answerPages';
import { leadContentHash } from './contentHash';
import { leadsCsv } from './leadsCsv';
import { isSameSitePost, postedValues, requestFromForm } from './formPost';
import type { LeadNotifier, LeadStore, NewLead, RateLimiter } from './leadStore';

/**
 * What the runtime knows about a request that the request itself does not say reliably.
 * @internal Exported for the Worker (deploy/cloudflare/) and tests, which build it.
 */
export type EstimateContext = {
  /** The host's brand: a request for another brand is refused (422 at `brand`). */
  brand: BrandId;
  /** The client's address (Node: the socket's; the Worker: CF-Connecting-IP), rate-limited. */
  clientKey: string;
  /** The site's own origin (`https://example.com`): a native form post must come from it. */
  siteOrigin: string;
};

export type EstimateHandler = (request: Request, ctx: EstimateContext) => Promise<Response>;

export type EstimateHandlerOptions = {
  store: LeadStore;
  rateLimiter: RateLimiter;
  notifier: LeadNotifier;
  /** The clock; tests move it. */
  now?: () => Date;
  /** New receipt ids (受付番号); tests may fix them. */
  newId?: () => string;
};

/** @internal Exported for tests, which post a body just over it. */
export const maxBodyBytes = 64 * 1024;

/**
 * The same brand and content within this time is the same lead.
 * @internal Exported for tests, which move the clock across it.
 */
export const duplicateWindowMs = 10 * 60 * 1000;

const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/** @internal Exported for tests, which check each answer's message. */
export const answers = {
  methodNotAllowed: 'POSTで送信してください',
  unsupportedMediaType:
    '送信内容はJSON（application/json）またはフォーム（application/x-www-form-urlencoded）で送信してください',
  tooLarge: '送信内容が大きすぎます',
  idempotencyKey: 'Idempotency-Keyヘッダーが必要です',
  invalidJson: '送信内容を読み取れませんでした',
  crossSite: 'このサイト以外のページからの送信は受け付けていません',
  crossSiteNote: 'お手数ですが、サイトのお見積もりフォームからもう一度お送りください。',
  rateLimited: (phone: string, minutes: number) =>
    `短い時間に多くのお見積もり依頼が届いたため、受け付けを一時停止しています。${minutes}分ほどおいてもう一度お試しいただくか、お電話（${phone}）でご連絡ください`,
  unavailable: (phone: string) =>
    `ただいまお見積もり依頼を受け付けできません。時間をおいてもう一度お試しいただくか、お電話（${phone}）でご連絡ください`,
  unauthorized: '認証が必要です',
  exportRange: 'from と to を YYYY-MM-DD で指定してください（from ≦ to）',
} as const;

/**
 * @internal The 422 message at `brand` for a request posted to another brand's host; exported
 * for tests.
 */
export function brandMismatchMessage(hostBrand: BrandId): string {
  return `このサイトでは${brands[hostBrand].name}のお見積もりのみ受け付けています`;
}

/** Seconds a client is told to wait after a store failure. */
const unavailableRetrySeconds = 30;

const jsonHeaders = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...jsonHeaders, ...headers } });
}

let styleSource: Promise<string> | undefined;

/** The CSP source of the pages' one style sheet, by its hash: the pages need nothing else. */
function styleHashSource(): Promise<string> {
  styleSource ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(pageStyle))
    .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  return styleSource;
}

async function html(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const csp = `default-src 'none'; style-src ${await styleHashSource()}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
  return new Response(body, {
    status,
    headers: {
      ...securityHeaders,
      'Content-Security-Policy': csp,
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
function mediaType(value: string | null): string {
  return value?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

const tooLarge = Symbol('tooLarge');

/** The body as text, or `tooLarge` past maxBodyBytes (declared or sent), reading no further. */
async function readBody(request: Request): Promise<string | typeof tooLarge> {
  if (Number(request.headers.get('content-length')) > maxBodyBytes) return tooLarge;
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Crockford's base32 without I, L, O, U: read aloud on the phone without confusion. */
const idAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A receipt id (受付番号) a visitor can read out on the phone: the day in Japan and 8 random
 * characters (32^8 ≈ 10^12 a day), e.g. "261124-7K3QF9ZD".
 */
function receiptId(now: Date): string {
  const day = new Date(now.getTime() + 9 * 3600_000).toISOString().slice(2, 10).replace(/-/g, '');
  const random = crypto.getRandomValues(new Uint8Array(8));
  return `${day}-${Array.from(random, (byte) => idAlphabet[byte % 32]).join('')}`;
}

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

/** How a native post's and a JSON post's outcomes differ only in their form. */
type Answer =
  | { kind: 'accepted'; id: string }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'unavailable' };

/** `POST /api/estimates`: JSON (with Idempotency-Key) or the native form's urlencoded post. */
export function createEstimateHandler(options: EstimateHandlerOptions): EstimateHandler {
  const { store, rateLimiter, notifier } = options;
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? (() => receiptId(now()));

  /**
   * Requests of one (brand, key) in this process run one after another, so concurrent repeats
   * (a double tap, a retry racing the first try) find the first one's lead instead of each
   * counting against the rate limit. The store's unique key still guarantees one row across
   * processes.
   */
  const locks = new Map<string, Promise<void>>();
  async function oneAtATime<T>(lockKey: string, run: () => Promise<T>): Promise<T> {
    const previous = locks.get(lockKey) ?? Promise.resolve();
    let release = () => {};
    const current = new Promise<void>((resolve) => (release = resolve));
    const chained = previous.then(() => current);
    locks.set(lockKey, chained);
    await previous;
    try {
      return await run();
    } finally {
      release();
      if (locks.get(lockKey) === chained) locks.delete(lockKey);
    }
  }

  /** After validation: duplicates, the rate limit, storing and notifying. */
  async function accept(
    output: EstimateRequest,
    ctx: EstimateContext,
    idempotencyKey: string,
    contentHash: string,
  ): Promise<Answer> {
    try {
      const receivedAt = now();
      const since = new Date(receivedAt.getTime() - duplicateWindowMs).toISOString();
      const duplicate = await store.findDuplicate(ctx.brand, contentHash, since);
      if (duplicate) return { kind: 'accepted', id: duplicate };
      const limit = await rateLimiter.hit(ctx.clientKey);
      if (!limit.ok) return { kind: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
      const lead: NewLead = {
        id: newId(),
        brand: ctx.brand,
        idempotencyKey,
        contentHash,
        receivedAt: receivedAt.toISOString(),
        suspectedSpam: Boolean(output[honeypotField]),
        request: output,
      };
      const { id, created } = await store.insert(lead);
      if (created && !lead.suspectedSpam) {
        // Stored is what counts: a lead the notifier could not take stays undelivered in the
        // store, to be sent again (docs/deploy.md), so the visitor still gets the id.
        await notifier.created({ ...lead, id }).catch((error: unknown) => {
          console.error('[estimates] notify', error);
        });
      }
      return { kind: 'accepted', id };
    } catch (error) {
      console.error('[estimates] store', error);
      return { kind: 'unavailable' };
    }
  }

  function jsonAnswer(answer: Answer, brand: BrandId): Response {
    const { phone } = brands[brand];
    switch (answer.kind) {
      case 'accepted':
        return json(201, { id: answer.id });
      case 'rateLimited':
        return json(
          429,
          {
            errors: { form: answers.rateLimited(phone, Math.ceil(answer.retryAfterSeconds / 60)) },
          },
          { 'Retry-After': String(answer.retryAfterSeconds) },
        );
      case 'unavailable':
        return json(
          503,
          { error: answers.unavailable(phone) },
          { 'Retry-After': String(unavailableRetrySeconds) },
        );
    }
  }

  function pageAnswer(answer: Answer, brand: BrandId): Promise<Response> {
    const { phone } = brands[brand];
    switch (answer.kind) {
      case 'accepted':
        return html(201, acceptedPage(brand, answer.id));
      case 'rateLimited':
        return html(
          429,
          problemPage(
            brand,
            answers.rateLimited(phone, Math.ceil(answer.retryAfterSeconds / 60)),
            'ブラウザの「戻る」で入力画面に戻ると、入力した内容はそのまま残っています。',
          ),
          { 'Retry-After': String(answer.retryAfterSeconds) },
        );
      case 'unavailable':
        return html(
          503,
          problemPage(
            brand,
            answers.unavailable(phone),
            'ブラウザの「戻る」で入力画面に戻ると、入力した内容はそのまま残っています。',
          ),
          { 'Retry-After': String(unavailableRetrySeconds) },
        );
    }
  }

  async function handleJson(request: Request, ctx: EstimateContext): Promise<Response> {
    const raw = await readBody(request);
    if (raw === tooLarge) return json(413, { error: answers.tooLarge });
    const key = request.headers.get('idempotency-key');
    if (key === null || !idempotencyKeyPattern.test(key)) {
      return json(400, { error: answers.idempotencyKey });
    }
    return oneAtATime(`${ctx.brand}\n${key}`, async () => {
      let known: string | null;
      try {
        known = await store.findByKey(ctx.brand, key);
      } catch (error) {
        console.error('[estimates] store', error);
        return jsonAnswer({ kind: 'unavailable' }, ctx.brand);
      }
      if (known) return json(201, { id: known });
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return json(400, { error: answers.invalidJson });
      }
      const result = validate(body, ctx.brand);
      if (!result.ok) return json(422, { errors: result.errors });
      const hash = await leadContentHash(ctx.brand, result.output);
      return jsonAnswer(await accept(result.output, ctx, key, hash), ctx.brand);
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
    const values = postedValues(raw);
    const result = validate(requestFromForm(values, request.headers.get('cookie')), ctx.brand);
    if (!result.ok) {
      return html(
        422,
        refusedPage(ctx.brand, result.errors, values, new URL(request.url).pathname),
      );
    }
    const hash = await leadContentHash(ctx.brand, result.output);
    // No Idempotency-Key without a script: the content is the key, per window of duplicates
    // (within one window the duplicate check answers first; the key makes racing repeats one).
    const window = Math.floor(now().getTime() / duplicateWindowMs);
    const key = `form:${hash.slice(0, 32)}:${window}`;
    const answer = await oneAtATime(`${ctx.brand}\n${key}`, () =>
      accept(result.output, ctx, key, hash),
    );
    return pageAnswer(answer, ctx.brand);
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

export type ExportHandlerOptions = {
  store: LeadStore;
  /** The bearer secret staff send (`Authorization: Bearer …`); compared in constant time. */
  secret: string;
};

/**
 * Whether `given` equals `secret`, in time that does not depend on where they differ.
 * @internal Exported: the Cloudflare Worker's re-send route (deploy/cloudflare/resend.ts) uses it.
 */
export async function secretMatches(given: string, secret: string): Promise<boolean> {
  if (!secret) return false;
  const encoder = new TextEncoder();
  // Digests first: equal lengths, so neither the length nor the first difference shows.
  const [a, b] = await Promise.all(
    [given, secret].map((text) => crypto.subtle.digest('SHA-256', encoder.encode(text))),
  );
  const left = new Uint8Array(a as ArrayBuffer);
  const right = new Uint8Array(b as ArrayBuffer);
  let difference = 0;
  for (let i = 0; i < left.length; i += 1) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The UTC instant a day in Japan (YYYY-MM-DD) begins, or null for no such day. */
function tokyoDayStart(day: string | null, addDays = 0): string | null {
  const match = day ? dayPattern.exec(day) : null;
  if (!match) return null;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, date));
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== date) return null;
  return new Date(Date.UTC(year, month - 1, date + addDays) - 9 * 3600_000).toISOString();
}

/** `GET /api/estimates.csv?from=YYYY-MM-DD&to=YYYY-MM-DD` (days in Japan, both included). */
export function createExportHandler(options: ExportHandlerOptions): EstimateHandler {
  const { store, secret } = options;
  return async (request, ctx) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!(await secretMatches(token, secret))) {
      return new Response(answers.unauthorized, {
        status: 401,
        headers: {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-store',
          'WWW-Authenticate': 'Bearer',
        },
      });
    }
    const url = new URL(request.url);
    const from = url.searchParams.get('from');
    const to = url.searchParams.get('to');
    const start = tokyoDayStart(from);
    const end = tokyoDayStart(to, 1);
    if (!start || !end || start >= end) {
      return new Response(answers.exportRange, {
        status: 400,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    try {
      const leads = await store.list(ctx.brand, start, end);
      return new Response(request.method === 'HEAD' ? null : leadsCsv(leads), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="estimates-${ctx.brand}-${from}-${to}.csv"`,
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch (error) {
      console.error('[estimates] export', error);
      return new Response(answers.unavailable(brands[ctx.brand].phone), {
        status: 503,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
  };
}
