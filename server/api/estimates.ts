/**
 * The local origin's estimate API (POST /api/estimates): validates with the client's own schema
 * and appends accepted requests to a JSON-lines file, so the whole journey works offline. Like
 * each brand's own API, it takes requests for its host's brand only (the site's host rule).
 * Every answer is JSON with a Japanese message: 400 unreadable, 413 too big, 415 not JSON, 422
 * with a message per field; bad input never reaches the 500 branch.
 * ESTIMATES_MODE=fail answers 500 and ESTIMATES_MODE=slow answers after 20 s (past the client's
 * 15 s timeout), for e2e.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { brandIdForHost, brands, isBrandId, type BrandId } from '../../src/brand/brands';
import * as v from 'valibot';
import { estimateRequestSchema, fieldErrors } from '../../src/estimate/validation/estimateSchema';
import { isRecord } from '../../src/lib/isRecord';

/** @internal Exported for tests, which post a body just over it. */
export const maxBodyBytes = 64 * 1024;
const slowModeDelayMs = 20_000;

const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/** @internal Exported for tests, which check each answer's message. */
export const answers = {
  methodNotAllowed: 'POSTで送信してください',
  unsupportedMediaType: '送信内容はJSON（application/json）で送信してください',
  tooLarge: '送信内容が大きすぎます',
  idempotencyKey: 'Idempotency-Keyヘッダーが必要です',
  invalidJson: '送信内容を読み取れませんでした',
  internal: 'ただいま受け付けできません。時間をおいてもう一度お試しください',
} as const;

/**
 * @internal The 422 message at `brand` for a request posted to another brand's host; exported
 * for tests.
 */
export function brandMismatchMessage(hostBrand: BrandId): string {
  return `このサイトでは${brands[hostBrand].name}のお見積もりのみ受け付けています`;
}

/** Only JSON: a cross-site form cannot send it without a CORS preflight. */
function isJsonContentType(value: string | undefined): boolean {
  const type = value?.split(';', 1)[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/** Idempotency keys are per brand, as each brand's API keeps its own. */
function scopedKey(brand: string, key: string): string {
  return `${brand}\n${key}`;
}

type StoredEstimate = {
  id: string;
  receivedAt: string;
  idempotencyKey: string;
  body: unknown;
};

export type EstimatesHandlerOptions = {
  /** JSON-lines file the accepted requests are appended to; its folder is created. */
  file: string;
  /** Delay of ESTIMATES_MODE=slow; tests shorten it. */
  slowDelayMs?: number;
};

function send(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  if (res.writableEnded || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

type FileState = {
  /** Idempotency keys already answered, rebuilt from the file so a restart keeps them. */
  keys: Map<string, Promise<string>>;
  /** The file ends in a torn line; the next record must start on a line of its own. */
  tornEnd: boolean;
};

async function readFileState(file: string): Promise<FileState> {
  const keys = new Map<string, Promise<string>>();
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return { keys, tornEnd: false };
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const record = JSON.parse(line) as Partial<StoredEstimate>;
      const brand = isRecord(record.body) ? record.body.brand : undefined;
      if (
        typeof record.idempotencyKey === 'string' &&
        typeof record.id === 'string' &&
        isBrandId(brand)
      ) {
        keys.set(scopedKey(brand, record.idempotencyKey), Promise.resolve(record.id));
      }
    } catch {
      // A torn last line (a crash mid-write) must not stop the server.
    }
  }
  return { keys, tornEnd: text !== '' && !text.endsWith('\n') };
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (declared > maxBodyBytes) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > maxBodyBytes) {
        tooLarge = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

async function store(file: string, state: FileState, record: StoredEstimate): Promise<string> {
  const prefix = state.tornEnd ? '\n' : '';
  state.tornEnd = false;
  await mkdir(dirname(file), { recursive: true });
  await appendFile(file, `${prefix}${JSON.stringify(record)}\n`, 'utf8');
  return record.id;
}

export function createEstimatesHandler(
  opts: EstimatesHandlerOptions,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const fileState = readFileState(opts.file);

  return async (req, res) => {
    try {
      if (req.method !== 'POST') {
        req.resume();
        send(res, 405, { error: answers.methodNotAllowed }, { Allow: 'POST' });
        return;
      }
      const mode = process.env.ESTIMATES_MODE;
      if (mode === 'fail') {
        req.resume();
        send(res, 500, { error: answers.internal });
        return;
      }

      if (!isJsonContentType(req.headers['content-type'])) {
        req.resume();
        send(res, 415, { error: answers.unsupportedMediaType }, { Accept: 'application/json' });
        return;
      }
      const hostBrand = brandIdForHost(req.headers.host ?? '');

      let raw: string;
      try {
        raw = await readBody(req);
      } catch (error) {
        if (!(error instanceof BodyTooLarge)) throw error;
        // Drop the rest of the upload; close so the client stops sending.
        req.resume();
        send(res, 413, { error: answers.tooLarge }, { Connection: 'close' });
        return;
      }

      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !idempotencyKeyPattern.test(key)) {
        send(res, 400, { error: answers.idempotencyKey });
        return;
      }

      if (mode === 'slow') {
        await new Promise((resolve) => setTimeout(resolve, opts.slowDelayMs ?? slowModeDelayMs));
      }

      const state = await fileState;
      const { keys } = state;
      // Checked before validation: an accepted request stays accepted even if, retried the next
      // day, a "not in the past" date would now fail.
      const known = keys.get(scopedKey(hostBrand, key));
      if (known) {
        send(res, 201, { id: await known });
        return;
      }

      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        send(res, 400, { error: answers.invalidJson });
        return;
      }
      const parsed = v.safeParse(estimateRequestSchema, json);
      const errors = parsed.success ? {} : fieldErrors(parsed.issues);
      if (isRecord(json) && isBrandId(json.brand) && json.brand !== hostBrand) {
        errors.brand = brandMismatchMessage(hostBrand);
      }
      if (!parsed.success || Object.keys(errors).length > 0) {
        send(res, 422, { errors });
        return;
      }

      const record: StoredEstimate = {
        id: randomUUID(),
        receivedAt: new Date().toISOString(),
        idempotencyKey: key,
        body: parsed.output,
      };
      const stored = store(opts.file, state, record);
      // Claimed before the first await, so a concurrent repeat waits for this write's outcome
      // instead of storing a second copy.
      keys.set(scopedKey(hostBrand, key), stored);
      try {
        send(res, 201, { id: await stored });
      } catch (error) {
        keys.delete(scopedKey(hostBrand, key));
        throw error;
      }
    } catch (error) {
      // Only a fault of the server itself (a failed write) gets here, never bad input.
      console.error('[estimates]', error);
      send(res, 500, { error: answers.internal });
    }
  };
}
