// No 'unsafe-inline': inline scripts and the stylesheet go by hash, and React sets styles through
// the CSSOM, which CSP does not govern. docs/deploy.md explains each source.
import { createHash } from 'node:crypto';

function sourceHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

const tagManager = 'https://www.googletagmanager.com';
/** By path: a source with a path matches that file only, whatever its query. */
const tagManagerScripts = ['/gtm.js', '/gtag/js', '/gtag/destination'].map(
  (path) => `${tagManager}${path}`,
);
const tagManagerFrame = `${tagManager}/ns.html`;
const analytics = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

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
