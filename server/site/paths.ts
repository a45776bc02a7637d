/** Pure, so every rule is unit-tested; deploy/'s engines apply the same rules (e2e/smoke/). */

export type PathDecision =
  /** `path` is decoded and normalised; `url` is the same path encoded, with the query. */
  | { kind: 'serve'; path: string; url: string }
  /** A same-origin path (never `//…` or `/\…`) with the query. */
  | { kind: 'redirect'; location: string }
  | { kind: 'notFound' };

const notPagePaths: ReadonlySet<string> = new Set(['/404', '/404.html', '/_headers']);

/** Redirected, as `/term.html` is: the router would not know the path and hydrate the 404. */
const indexAliases: ReadonlySet<string> = new Set(['/index', '/index.html']);

/** The backslash: some clients read it as a slash. */
// eslint-disable-next-line no-control-regex
const refusedCharacters = /[\u0000-\u001f\u007f\\]/;

/** Printable ASCII only: a Location header's parser allows no more. */
const safeQuery = /^\?[\x21-\x7e]*$/;

function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

export function decidePath(target: string): PathDecision {
  const queryAt = target.indexOf('?');
  const rawPath = queryAt < 0 ? target : target.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? '' : target.slice(queryAt);
  const query = safeQuery.test(rawQuery) ? rawQuery : '';
  if (!rawPath.startsWith('/')) return { kind: 'notFound' };

  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { kind: 'notFound' }; // malformed percent-encoding
  }
  if (refusedCharacters.test(decoded)) return { kind: 'notFound' };
  const segments = decoded.split('/');
  if (segments.includes('..')) return { kind: 'notFound' }; // traversal, encoded or not

  // Empty and `.` segments go: `//x`, `/./x` and `/x/` all name `/x`.
  const path = '/' + segments.filter((segment) => segment !== '' && segment !== '.').join('/');
  if (indexAliases.has(path)) return { kind: 'redirect', location: '/' + query };
  if (notPagePaths.has(path)) return { kind: 'notFound' };
  if (path.endsWith('.html')) {
    return { kind: 'redirect', location: encodePath(path.slice(0, -'.html'.length)) + query };
  }

  const url = encodePath(path);
  if (path !== decoded) {
    // Built from the normalised path, whose segments are never empty: it cannot start with `//`.
    if (url.startsWith('//') || url.startsWith('/\\')) return { kind: 'notFound' };
    return { kind: 'redirect', location: url + query };
  }
  return { kind: 'serve', path, url: url + query };
}

/** RFC 3986's unreserved characters, percent-encoded: the same path as the characters themselves. */
const encodedUnreserved = /%(?:4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

// The one path the API is routed by: the WHATWG URL parser's, as workerd and Cloudflare's edge hand
// the Worker its URL (`\` is `/`, dot segments resolved), then unreserved characters decoded and
// repeated slashes merged: `/api\estimates`, `/%2e/api/x` and `/api/%65stimates` answer alike.
export function routePath(target: string): string {
  let url: URL;
  try {
    url = new URL(target.startsWith('/') ? `http://route.invalid${target}` : target);
  } catch {
    return '';
  }
  const decoded = url.pathname.replace(encodedUnreserved, (code) =>
    String.fromCharCode(parseInt(code.slice(1), 16)),
  );
  // Decoding may spell a dot segment anew (`/%2E%2E/` is one already; `/.%2E/` too): parse again.
  return new URL(`http://route.invalid${decoded}`).pathname.replace(/\/{2,}/g, '/');
}

export function staffLeadPath(leadId: string): string {
  return `/staff/leads/${encodeURIComponent(leadId)}`;
}

/** A lead's path under /staff and /api/staff: its 受付番号 as the path spells it. */
export const leadRoute = '/leads/:id{[0-9A-Za-z-]{1,40}}';
