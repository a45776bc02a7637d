// Writes the nginx configuration of docs/deploy.md, header rules read from each tree's _headers.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Cookies from 'js-cookie';
import {
  brandIds,
  brands,
  defaultBrandId,
  localOrigin,
  type BrandId,
} from '../../src/brand/brands';
import { parseHeadersFile, rulePattern, type HeaderRule } from '../../server/site/headers';
import {
  businessEndCookieName,
  businessStartCookieName,
} from '../../src/business-hours/businessHoursNames';
import { fitCookieBudget, trackingCookieName } from '../../src/tracking/trackingCookie';
import {
  trackingKeys,
  trackingMaxLength,
  type TrackingData,
} from '../../src/tracking/trackingFields';
import { clientErrorPage } from './clientError';

export type NginxOptions = {
  distDir: string;
  port: number;
  prefixDir: string;
  rules: Record<BrandId, HeaderRule[]>;
  /** `user` directive, for a master process started as root. */
  user?: string;
};

/** The tags' cookies on the shared domain come to ~1.5 KB with long click ids; 4 KB leaves room. */
export const tagCookiesMarginBytes = 4096;

/** The site's own longest Cookie line (tracking_data at its widest) plus the tags' margin. */
export function largestCookieHeaderBytes(): number {
  const widest = Object.fromEntries(
    trackingKeys.map((key) => [key, '😀'.repeat(trackingMaxLength(key))]),
  ) as TrackingData;
  const tracking = fitCookieBudget(widest);
  const pairs = [
    `${trackingCookieName}=${Cookies.converter.write(JSON.stringify(tracking), trackingCookieName)}`,
    `${businessStartCookieName}=23:59`,
    `${businessEndCookieName}=23:59`,
  ];
  return Buffer.byteLength(`Cookie: ${pairs.join('; ')}\r\n`) + tagCookiesMarginBytes;
}

/** A line longer than one buffer is refused (494), so it is sized to the largest cookie header. */
export function headerBufferKb(): number {
  return Math.ceil(largestCookieHeaderBytes() / 1024);
}

/** A page nginx can send with `return`: single-quoted, so it must hold no quote, `$` or `\`. */
function returnText(text: string): string {
  if (/['$\\\n\r]/.test(text)) throw new Error('nginx config: cannot return this page');
  return `'${text}'`;
}

function clientErrorLocation(path: string, status: 400 | 431): string {
  // Unknown hosts are the default brand's, as brandIdForHost and the $brand map decide.
  const fallback = defaultBrandId;
  const others = brandIds.filter((brand) => brand !== fallback);
  return [
    `    location = ${path} {`,
    '      internal;',
    '      default_type text/html;',
    ...others.map(
      (brand) =>
        `      if ($brand = ${brand}) { return ${status} ${returnText(clientErrorPage(status, brand))}; }`,
    ),
    `      return ${status} ${returnText(clientErrorPage(status, fallback))};`,
    '    }',
  ].join('\n');
}

/** No file of a tree, never reachable from outside. */
const tooLargePath = '/_errors/431';

/** A value nginx reads literally inside double quotes; anything else is refused, not escaped. */
function quote(value: string): string {
  if (/["$\\\n\r]/.test(value)) throw new Error(`nginx config: cannot quote ${value}`);
  return `"${value}"`;
}

/** A regular expression as a map key (nginx keeps `\.` and other escapes as they are). */
function regexKey(pattern: string): string {
  if (/["\n\r]|\\\\/.test(pattern)) throw new Error(`nginx config: cannot quote ${pattern}`);
  return `"~${pattern}"`;
}

function variableName(header: string): string {
  return `$rule_${header.toLowerCase().replace(/[^a-z0-9]/g, '_')}`;
}

/** A map picks one entry: rules setting one header must not overlap (tests/server/site/headers.test.ts). */
export function headerMaps(rules: Record<BrandId, HeaderRule[]>): string[] {
  const names = new Set(
    brandIds.flatMap((brand) => rules[brand].flatMap((rule) => Object.keys(rule.headers))),
  );
  return [...names].map((name) => {
    const lines: string[] = [];
    let fallback = '';
    for (const brand of brandIds) {
      const setting = rules[brand].filter((rule) => name in rule.headers);
      const everywhere = setting.filter((rule) => rule.path === '/*');
      const base = everywhere.map((rule) => rule.headers[name]!);
      for (const rule of setting) {
        if (rule.path === '/*') continue;
        const value = [...base, rule.headers[name]!].join(', ');
        // rulePattern is anchored: put the brand in front of its path.
        lines.push(
          `    ${regexKey(`^${brand}:${rulePattern(rule.path).slice(1)}`)} ${quote(value)};`,
        );
      }
      if (base.length) lines.push(`    ${regexKey(`^${brand}:`)} ${quote(base.join(', '))};`);
      if (brand === defaultBrandId && base.length) fallback = base.join(', ');
    }
    return [
      `  map "$brand:$uri" ${variableName(name)} {`,
      `    default ${quote(fallback)};`,
      ...lines,
      '  }',
    ].join('\n');
  });
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** nginx tries the regexes in order, so the first marker wins, as in brandIdForHost. */
export function hostMap(): string {
  const marked = brandIds.flatMap((brand) => {
    const marker = brands[brand].hostMarker;
    return marker === null ? [] : [`    ${regexKey(escapeRegex(marker.toLowerCase()))} ${brand};`];
  });
  return [`    default ${defaultBrandId};`, ...marked].join('\n');
}

export function nginxConfig(opts: NginxOptions): string {
  const maps = headerMaps(opts.rules);
  const names = [
    ...new Set(brandIds.flatMap((b) => opts.rules[b].flatMap((r) => Object.keys(r.headers)))),
  ];
  const p = opts.prefixDir;
  return `# Generated by deploy/nginx/config.ts from ${opts.distDir}/*/_headers: do not edit.
${opts.user ? `user ${opts.user};\n` : ''}worker_processes 1;
daemon off;
pid ${p}/nginx.pid;
error_log stderr warn;
events { worker_connections 256; }

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  server_tokens off;
  client_body_temp_path ${p}/client_body;
  proxy_temp_path ${p}/proxy;
  fastcgi_temp_path ${p}/fastcgi;
  uwsgi_temp_path ${p}/uwsgi;
  scgi_temp_path ${p}/scgi;
  sendfile on;
  # One header line must fit one buffer: the largest cookie set the site and its tags write
  # (largestCookieHeaderBytes), ${largestCookieHeaderBytes()} bytes. Bigger ones get the 431 page.
  large_client_header_buffers 4 ${headerBufferKb()}k;
  gzip on;
  gzip_types text/css application/javascript application/json image/svg+xml text/plain application/xml;
  charset utf-8;
  charset_types text/css application/javascript application/json image/svg+xml text/plain application/xml;
  # Redirects carry a path only, on this host: never another origin.
  absolute_redirect off;
  merge_slashes on;

  # Brand by Host (src/brand/brands.ts): a host containing a brand's marker is that brand's.
  map $host $brand {
${hostMap()}
  }

  # The rules of each tree's _headers.
${maps.join('\n')}

  server {
    listen 127.0.0.1:${opts.port};
    server_name _;
    root ${opts.distDir}/$brand;

${names.map((name) => `    add_header ${name} ${variableName(name)} always;`).join('\n')}

    # Unknown paths, bad requests and refused ones: 404 with the tree's 404 page.
    error_page 400 403 404 =404 /404.html;
    location = /404.html { internal; }
    # A header line or request line over the buffers above (494, 414): a 431 page
    # (deploy/nginx/clientError.ts), with the same headers.
    # A URI, not a named location: a request line too long to read has no URI of its own.
    error_page 414 494 =431 ${tooLargePath};
${clientErrorLocation(tooLargePath, 431)}

    location = / { try_files /index.html =404; }
    # Not pages: other names of the landing page go to it; the 404 page's name and the rule
    # file are not found.
    location = /index { return 301 /$is_args$args; }
    location = /index.html { return 301 /$is_args$args; }
    location = /404 { return 404; }
    location = /_headers { return 404; }
    # A backslash, which some clients read as a slash (a redirect to /\\host would leave the site).
    location ~ "\\x5c" { return 404; }
    # A page's file name goes to its clean URL, which the app's router knows.
    location ~ "^(/.+)\\.html$" { return 301 $1$is_args$args; }

    location / {
      # Clean URLs: /term/ → /term, from the normalised path (merge_slashes), query kept.
      rewrite ^(/.*[^/])/+$ $1 permanent;
      try_files $uri $uri.html =404;
    }
  }
}
`;
}

export function readRules(distDir: string): Record<BrandId, HeaderRule[]> {
  return Object.fromEntries(
    brandIds.map((brand) => {
      const file = resolve(distDir, brand, '_headers');
      if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
      return [brand, parseHeadersFile(readFileSync(file, 'utf8'))];
    }),
  ) as Record<BrandId, HeaderRule[]>;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [distArg, portArg, prefixArg] = process.argv.slice(2);
  if (!distArg || !portArg || !prefixArg) {
    console.error('usage: node --import tsx deploy/nginx/config.ts <dist> <port> <prefix>');
    process.exit(2);
  }
  const distDir = resolve(distArg);
  process.stdout.write(
    nginxConfig({
      distDir,
      port: Number(portArg),
      prefixDir: resolve(prefixArg),
      rules: readRules(distDir),
      user: process.getuid?.() === 0 ? 'root' : undefined,
    }),
  );
  // For the one who started it (stdout is the config file).
  for (const brand of brandIds)
    console.error(`nginx: ${brand} ${localOrigin(brand, Number(portArg))}`);
}
