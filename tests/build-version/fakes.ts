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

/**
 * Stubs a fetch that never settles and ignores its signal, as a network that never answers;
 * returns the signals it was given. Undo with vi.unstubAllGlobals().
 */
export function hangingFetch(): AbortSignal[] {
  const signals: AbortSignal[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>((_url, init) => {
      if (init?.signal) signals.push(init.signal);
      return new Promise<Response>(() => {});
    }),
  );
  return signals;
}
