/** The answers every route gives: JSON, plain text and pages, each with its headers written once. */
import type { JSX } from 'hono/jsx/jsx-runtime';
import { securityHeaders } from '../site/headers';

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

/** A page under a strict CSP: its one inline style sheet (views/Document.tsx) allowed by hash. */
export async function page(
  status: number,
  body: JSX.Element,
  style: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const csp = `default-src 'none'; style-src ${await styleHashSource(style)}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
  return new Response(await body.toString(), {
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

export function mediaType(value: string | null | undefined): string {
  return value?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

export function seeOther(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', ...headers },
  });
}
