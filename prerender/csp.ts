/**
 * The Content-Security-Policy of a brand tree. Inline scripts (theme, tag manager) are allowed by
 * their hashes; hydration data and JSON-LD are data blocks, which CSP does not govern.
 * Hosts: the tag manager and the Google Analytics hosts its containers send to.
 */
import { createHash } from 'node:crypto';

function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

const tagManager = 'https://www.googletagmanager.com';
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

export function contentSecurityPolicy(inlineScripts: readonly string[], connect: string[] = []) {
  const hashes = [...new Set(inlineScripts.map(scriptHash))];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes, tagManager],
    // React and the tag manager's preview set style attributes; styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...analytics],
    'connect-src': ["'self'", ...analytics, ...connect],
    'font-src': ["'self'"],
    'frame-src': [tagManager],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
