/**
 * The Content-Security-Policy of a brand tree. Inline scripts (theme, entry capture, the loader of
 * the tag manager and the app) and the inlined stylesheet are allowed by their hashes; hydration
 * data and JSON-LD are data blocks, which CSP does not govern. No 'unsafe-inline' anywhere: the
 * prerendered HTML carries no style attribute (React sets styles through the CSSOM, which CSP
 * does not govern), so nothing needs it. docs/deploy.md explains each source.
 */
import { createHash } from 'node:crypto';

function sourceHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

const tagManager = 'https://www.googletagmanager.com';
/**
 * What the tag manager loads as scripts, by path (a source with a path matches that file only,
 * whatever its query): the container (gtm.js?id=GTM-…), and the Google tag that its GA4 and
 * Google Ads tags load (gtag/js?id=G-…, gtag/destination?id=AW-…). Nothing else on the host.
 */
const tagManagerScripts = ['/gtm.js', '/gtag/js', '/gtag/destination'].map(
  (path) => `${tagManager}${path}`,
);
/** The container's <noscript> frame (ns.html?id=GTM-…). */
const tagManagerFrame = `${tagManager}/ns.html`;
const analytics = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

/** Origins of absolute API addresses (VITE_API_BASE_URL, VITE_LP_URL) the page calls. */
export function apiOrigins(env: NodeJS.ProcessEnv = process.env): string[] {
  return [env.VITE_API_BASE_URL, env.VITE_LP_URL].flatMap((value) => {
    if (!value || !/^https?:\/\//.test(value)) return [];
    return [new URL(value).origin];
  });
}

/** The text of every <style> element of a page, exactly as a browser hashes it. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1] ?? '');
}

export function contentSecurityPolicy(
  inline: { scripts: readonly string[]; styles: readonly string[] },
  connect: string[] = [],
) {
  const scriptHashes = [...new Set(inline.scripts.map(sourceHash))];
  const styleHashes = [...new Set(inline.styles.map(sourceHash))];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...tagManagerScripts],
    'style-src': ["'self'", ...styleHashes],
    'img-src': ["'self'", 'data:', ...analytics],
    'connect-src': ["'self'", ...analytics, ...connect],
    'font-src': ["'self'"],
    'frame-src': [tagManagerFrame],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
