// Request bodies, read one way by every route: at most `maxBodyBytes`, UTF-8 or refused (never
// stored with U+FFFD in place of what was sent), and JSON's nesting counted before any parse.
import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppEnv } from './context';
import { json } from './answers';
import { messages } from './messages';

/** @internal Exported for tests, which post a body just over it. */
export const maxBodyBytes = 64 * 1024;

export function limitBody(tooLarge: (c: AppContext) => Response | Promise<Response>) {
  return bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge }) as MiddlewareHandler<AppEnv>;
}

export async function readText(c: AppContext): Promise<string | null> {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(
      await c.req.arrayBuffer(),
    );
  } catch {
    return null;
  }
}

export async function readForm(c: AppContext): Promise<URLSearchParams | null> {
  const raw = await readText(c);
  return raw === null ? null : new URLSearchParams(raw);
}

/** Counted without recursion: a 15,000-deep body must be a 400, never a stack overflow's 5xx. */
function jsonTooDeep(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return false;
}

const idempotencyKeyPattern = /^[\x21-\x7e]{1,200}$/;

/** A request nests three deep (tracking, quote); anything past this is not one. */
const maxJsonDepth = 8;

export async function readKeyedJson(
  c: AppContext,
): Promise<{ key: string; body: unknown } | Response> {
  const raw = await readText(c);
  const key = c.req.header('idempotency-key');
  if (key === undefined || !idempotencyKeyPattern.test(key)) {
    return json(400, { error: messages.idempotencyKey });
  }
  try {
    if (raw === null || jsonTooDeep(raw, maxJsonDepth)) throw new TypeError('not one');
    return { key, body: JSON.parse(raw) as unknown };
  } catch {
    return json(400, { error: messages.invalidJson });
  }
}
