// Written to dist/<brand>/_headers and read back for nginx's config, so the engines never disagree.
import { postalDataBase } from '../leads/postalArea';

export type HeaderRule = { path: string; headers: Record<string, string> };

export const cacheControl = {
  /** So a deploy is seen at once. */
  revalidate: 'no-cache',
  immutable: 'public, max-age=31536000, immutable',
  short: 'public, max-age=3600',
} as const;

export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

function htmlPaths(pageHrefs: readonly string[]): string[] {
  const paths: string[] = [];
  for (const href of pageHrefs) {
    if (href === '/') paths.push('/', '/index.html');
    else paths.push(href, `${href}.html`);
  }
  paths.push('/404.html');
  return paths;
}

/** `:build` is one segment: older builds' payloads too (open tabs load them), never latest.json. */
const buildFilesRule = '/_app/builds/:build/*';

/** Cache-Control rules never overlap: Netlify and Cloudflare join every matching rule's values. */
export function headerRules(opts: {
  pageHrefs: readonly string[];
  contentSecurityPolicy?: string;
}): HeaderRule[] {
  const security = { ...securityHeaders };
  if (opts.contentSecurityPolicy) security['Content-Security-Policy'] = opts.contentSecurityPolicy;
  return [
    { path: '/*', headers: security },
    ...htmlPaths(opts.pageHrefs).map((path) => ({
      path,
      headers: { 'Cache-Control': cacheControl.revalidate },
    })),
    { path: '/assets/*', headers: { 'Cache-Control': cacheControl.immutable } },
    { path: '/_app/builds/latest.json', headers: { 'Cache-Control': cacheControl.revalidate } },
    { path: buildFilesRule, headers: { 'Cache-Control': cacheControl.immutable } },
    { path: `${postalDataBase}/:version/*`, headers: { 'Cache-Control': cacheControl.immutable } },
    ...['/favicon.svg', '/robots.txt', '/sitemap.xml'].map((path) => ({
      path,
      headers: { 'Cache-Control': cacheControl.short },
    })),
  ];
}

export function renderHeadersFile(rules: readonly HeaderRule[]): string {
  return rules
    .map(
      (rule) =>
        `${rule.path}\n${Object.entries(rule.headers)
          .map(([name, value]) => `  ${name}: ${value}`)
          .join('\n')}`,
    )
    .join('\n')
    .concat('\n');
}

/** For nginx's config generator and the smoke suite, which read `_headers` back. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const separator = line.indexOf(':');
    const current = rules.at(-1);
    if (separator > 0 && current) {
      current.headers[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
    }
  }
  return rules;
}

/** For deploy/nginx/config.ts, which turns the rules into nginx maps. */
export function rulePattern(rulePath: string): string {
  const pattern = rulePath
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return `^${pattern}$`;
}

/** @internal Exported for tests, which check that no path gets two Cache-Control rules. */
export function matchesRule(rulePath: string, pathname: string): boolean {
  return new RegExp(rulePattern(rulePath)).test(pathname);
}

/**
 * A header set twice is joined with a comma, as Netlify and Cloudflare do, so overlaps show.
 * @internal For the smoke suite.
 */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    if (!matchesRule(rule.path, pathname)) continue;
    for (const [name, value] of Object.entries(rule.headers)) {
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
  }
  return headers;
}
