/**
 * The local origin: serves dist/<brand>/ by Host like the CDN, with the headers of that tree's
 * _headers file, plus the local API. Used by `npm start`, `npm run preview` and e2e.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join, resolve } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { brandIdForHost, brandIds, type BrandId } from '../../src/brand/brands';
import { headersFor, parseHeadersFile, type HeaderRule } from '../core/headers';
import { clientErrorPage, clientErrorReasons, clientErrorStatus } from './clientError';
import { decidePath } from '../core/paths';
import type { EstimateHandler } from '../core/estimateHandler';
import { createLocalLeadStore, createMemoryRateLimiter } from './localLeadStore';
import { createLocalMailNotifier } from './localMail';
import { serveFetch } from './nodeFetch';
import { createApi } from '../core/router';

export type OriginOptions = {
  distDir: string;
  /** Where accepted estimate requests are appended (JSON lines). */
  estimatesFile: string;
  /** The bearer secret of GET /api/estimates.csv; without one the export is off (404). */
  exportSecret?: string;
  /** New leads per address per window (default newLeadRateLimit); e2e posts far more. */
  newLeadsPerWindow?: number;
  /** Where the lead mails are written as .eml files (default .data/mail). */
  mailDir?: string;
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

type Tree = {
  serve: ReturnType<typeof sirv>;
  dir: string;
};

function readRules(dir: string): HeaderRule[] {
  try {
    return parseHeadersFile(readFileSync(join(dir, '_headers'), 'utf8'));
  } catch {
    return [];
  }
}

/** 400 for a malformed Host, on every path: the default brand's page and security headers. */
function sendBadHost(brand: BrandId, tree: Tree, res: ServerResponse): void {
  const body = clientErrorPage(400, brand);
  for (const [name, value] of Object.entries(headersFor(readRules(tree.dir), '/*'))) {
    res.setHeader(name, value);
  }
  res.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(body);
}

function sendNotFound(tree: Tree, res: ServerResponse): void {
  let body: Buffer | string;
  try {
    body = readFileSync(join(tree.dir, '404.html'));
  } catch {
    body = 'Not Found';
  }
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.end(body);
}

/**
 * A Host the origin can answer for: a DNS name, an IPv4 address or a bracketed IPv6 address, with
 * an optional port. Anything else (a space, a slash, `@`, a second colon) is refused with 400: the
 * host names the brand and, for the API, the site's origin that a form post must come from.
 */
const hostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export function createOrigin(options: OriginOptions): Handler {
  const trees = Object.fromEntries(
    brandIds.map((brand) => {
      const dir = resolve(options.distDir, brand);
      // dev mode: files are looked up on each request, so a new build (or a test that swaps
      // latest.json) is served at once; sirv still refuses paths outside `dir`.
      const serve = sirv(dir, { dev: true, etag: true, extensions: ['html'], dotfiles: false });
      return [brand, { serve, dir }];
    }),
  ) as Record<BrandId, Tree>;
  const compress = compression();
  // The local adapters of the one API (router.ts): leads in a file, the rate limit in memory, the
  // mails as files and no webhook (so no re-send), the hours and the business-hours test faults from the environment.
  const store = createLocalLeadStore({ file: options.estimatesFile });
  const api = createApi({
    store,
    rateLimiter: createMemoryRateLimiter({ limit: options.newLeadsPerWindow }),
    // The shop's notice and the visitor's receipt, written as .eml files (localMail.ts).
    notifier: createLocalMailNotifier({ store, mailDir: options.mailDir ?? '.data/mail' }),
    staffSecret: options.exportSecret,
    businessHours: () => ({
      start: process.env.BUSINESS_START_TIME,
      end: process.env.BUSINESS_END_TIME,
      mode: process.env.BUSINESS_TIME_MODE,
    }),
  });
  /** The API's handlers, served as the Worker serves them (Fetch API, the host's brand). */
  const serveApi = (
    handler: EstimateHandler,
    req: IncomingMessage,
    res: ServerResponse,
    brand: BrandId,
  ) => {
    // Locally there is no https: the site's origin is http on the Host the visitor used.
    const siteOrigin = `http://${req.headers.host ?? 'localhost'}`;
    const ctx = { brand, clientKey: req.socket.remoteAddress ?? '', siteOrigin };
    serveFetch(req, res, siteOrigin, (request) => handler(request, ctx)).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };

  return (req, res) => {
    compress(req as never, res as never, () => {
      const host = req.headers.host ?? '';
      if (!hostPattern.test(host)) {
        const fallback = brandIdForHost('');
        return sendBadHost(fallback, trees[fallback], res);
      }
      const brand = brandIdForHost(host);
      const tree = trees[brand];
      const decision = decidePath(req.url ?? '/');
      // The security headers go on every answer: pages, redirects, 404s and the API's.
      const rules = readRules(tree.dir);
      const rulePath = decision.kind === 'serve' ? decision.path : '/';
      for (const [name, value] of Object.entries(headersFor(rules, rulePath))) {
        // Only a page's own path may give it a cache rule; a redirect or a 404 sets its own.
        if (decision.kind !== 'serve' && name === 'Cache-Control') continue;
        res.setHeader(name, value);
      }
      if (decision.kind === 'notFound') return sendNotFound(tree, res);
      if (decision.kind === 'redirect') {
        res.writeHead(301, { Location: decision.location, 'Cache-Control': 'no-cache' });
        res.end();
        return;
      }
      const { path } = decision;
      const route = api.route(path);
      if (route) return serveApi(route, req, res, brand);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' });
        res.end();
        return;
      }
      // sirv sees the normalised path only.
      req.url = decision.url;
      tree.serve(req, res, () => sendNotFound(tree, res));
    });
  };
}

/** What Node passes to a server's 'clientError' listener. */
type ClientError = Error & { code?: string; rawPacket?: Buffer };

/** The Host of the refused request, when the part the parser kept shows it. */
function hostOfRawPacket(rawPacket: Buffer | undefined): string {
  if (!rawPacket) return '';
  const match = /\r\nhost:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'));
  return match?.[1]?.trim() ?? '';
}

/**
 * The 'clientError' listener of the local origin: Node's own parser refuses a request (a 16 KB
 * Cookie header → 431, a malformed one → 400) before any handler runs, and by default answers
 * with a bare status line. This writes the raw answer instead: status line, the security headers
 * of the tree's `_headers` (the same source as every other answer), and a short Japanese page
 * (clientError.ts). The brand comes from the Host header when the parser kept it.
 */
export function createClientErrorHandler(options: Pick<OriginOptions, 'distDir'>) {
  return (error: ClientError, socket: Duplex): void => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const brand = brandIdForHost(hostOfRawPacket(error.rawPacket));
    const status = clientErrorStatus(error.code);
    const body = Buffer.from(clientErrorPage(status, brand), 'utf8');
    const security = headersFor(readRules(resolve(options.distDir, brand)), '/*');
    const headers: Record<string, string | number> = {
      ...security,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': body.length,
      'Cache-Control': 'no-store',
      Connection: 'close',
    };
    const head = [
      `HTTP/1.1 ${status} ${clientErrorReasons[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
  };
}
