import { vi } from 'vitest';

/**
 * jsdom's Location can't be spied on (its methods are non-configurable), so tests swap in a
 * plain object that records navigations. Undo with vi.unstubAllGlobals().
 */
export function stubLocation(href = 'http://localhost:3000/') {
  const location = {
    href,
    get origin() {
      return new URL(location.href).origin;
    },
    get pathname() {
      return new URL(location.href).pathname;
    },
    assign: vi.fn((url: string) => {
      location.href = new URL(url, location.href).href;
    }),
    reload: vi.fn(),
  };
  vi.stubGlobal('location', location);
  return location;
}

/** A fetch answer with `body` as text, like a CDN would send it. */
export function textResponse(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
}
