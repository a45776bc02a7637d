import { securityHeaders } from '../site/headers';
import { pageStyle } from '../estimate/pages';

/** @internal Exported for tests, which post a body just over it. */
export const maxBodyBytes = 64 * 1024;

const jsonHeaders = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...jsonHeaders, ...headers } });
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...headers,
    },
  });
}

const styleSources = new Map<string, Promise<string>>();

function styleHashSource(style: string): Promise<string> {
  let source = styleSources.get(style);
  if (!source) {
    source = crypto.subtle
      .digest('SHA-256', new TextEncoder().encode(style))
      .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
    styleSources.set(style, source);
  }
  return source;
}

/** A page of strings under a strict CSP: its one inline style sheet allowed by its hash. */
export async function html(
  status: number,
  body: string,
  headers: Record<string, string> = {},
  style: string = pageStyle,
): Promise<Response> {
  const csp = `default-src 'none'; style-src ${await styleHashSource(style)}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
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

export function mediaType(value: string | null): string {
  return value?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

export const tooLarge = Symbol('tooLarge');
/** Refused, never stored with U+FFFD in place of what was sent. */
export const notUtf8 = Symbol('notUtf8');

export async function readBody(
  request: Request,
): Promise<string | typeof tooLarge | typeof notUtf8> {
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
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return notUtf8;
  }
}

/** In time that does not depend on where they differ. */
export async function secretMatches(given: string, secret: string): Promise<boolean> {
  if (!secret) return false;
  const encoder = new TextEncoder();
  // Digests first: equal lengths, so neither the length nor the first difference shows.
  const [a, b] = await Promise.all(
    [given, secret].map((value) => crypto.subtle.digest('SHA-256', encoder.encode(value))),
  );
  const left = new Uint8Array(a as ArrayBuffer);
  const right = new Uint8Array(b as ArrayBuffer);
  let difference = 0;
  for (let i = 0; i < left.length; i += 1) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}

export function bearerMatches(request: Request, secret: string): Promise<boolean> {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  return secretMatches(token, secret);
}

/**
 * Nesting deeper than `maxDepth` in a JSON text, counted in one pass over its characters with no
 * recursion, before any parse or fingerprint walks it: a 15,000-deep body must be a 400, never a
 * stack overflow's 5xx.
 */
export function jsonTooDeep(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return false;
}
