/** The local origin (`npm start`, `npm run preview`, e2e): dist/<brand>/ by Host, plus the API. */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join, resolve } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { brandIdForHost, brandIds, defaultBrandId, type BrandId } from '../../src/brand/brands';
import { headersFor, parseHeadersFile, type HeaderRule } from '../site/headers';
import {
  clientErrorPage,
  clientErrorReasons,
  clientErrorStatus,
} from '../../deploy/nginx/clientError';
import { decidePath, routePath, type PathDecision } from '../site/paths';
import type { EstimateHandler } from '../estimate/handler';
import { createLocalLeadStore, createMemoryRateLimiter } from './localLeadStore';
import { createLocalMailNotifier, createLocalStageNotifier } from './localMail';
import { createLocalStaffStore, localRetention } from './localStaff';
import { keepRetention, type RetentionStore } from '../leads/retention';
import { staffAccessOf } from '../staff/auth';
import { serveFetch } from './nodeFetch';
import { createApi } from '../app';
import { postalLookupOf, type PostalAssets } from '../leads/postalArea';

export type OriginOptions = {
  distDir: string;
  estimatesFile: string;
  exportSecret?: string;
  /** Opens the staff's inbox and API (STAFF_SECRET); without it they are not routed. */
  staffSecret?: string;
  /** e2e posts far more. */
  newLeadsPerWindow?: number;
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

/** A tree's files by path, as the Worker's ASSETS binding reads them: its postal data. */
function treeFiles(dir: string): PostalAssets {
  return {
    async fetch(input) {
      const { pathname } = new URL(input instanceof Request ? input.url : input);
      try {
        return new Response(await readFile(join(dir, pathname)));
      } catch {
        return new Response(null, { status: 404 });
      }
    },
  };
}

/**
 * Anything but a DNS name, an IPv4 or a bracketed IPv6 address (and a port) is refused with 400:
 * the host names the brand and the origin a form post must come from.
 */
const hostPattern =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const retentionEveryMs = 24 * 60 * 60 * 1000;

/** The Worker's Cron erases every 10 minutes; the local origin at start and then daily. */
function keepLocalRetention(store: RetentionStore): void {
  const run = async () => {
    for (const brand of brandIds) {
      try {
        while ((await keepRetention(store, brand, new Date())) > 0);
      } catch (error) {
        console.error('[retention]', error);
      }
    }
  };
  void run();
  setInterval(() => void run(), retentionEveryMs).unref();
}

export function createOrigin(options: OriginOptions): Handler {
  const trees = Object.fromEntries(
    brandIds.map((brand) => {
      const dir = resolve(options.distDir, brand);
      // dev mode: a new build (or a test that swaps latest.json) is served at once; sirv still
      // refuses paths outside `dir`.
      const serve = sirv(dir, { dev: true, etag: true, extensions: ['html'], dotfiles: false });
      return [brand, { serve, dir }];
    }),
  ) as Record<BrandId, Tree>;
  const compress = compression();
  const store = createLocalLeadStore({ file: options.estimatesFile });
  const mailDir = options.mailDir ?? '.data/mail';
  const staffStore = createLocalStaffStore({ store, file: options.estimatesFile });
  keepLocalRetention(localRetention(store, staffStore));
  // Every tree holds the same postal files; the API serves every brand at once.
  const postalArea = postalLookupOf(treeFiles(trees[defaultBrandId].dir));
  const api = createApi({
    store,
    rateLimiter: createMemoryRateLimiter({ limit: options.newLeadsPerWindow }),
    notifier: createLocalMailNotifier({ store, mailDir, postalArea }),
    staffSecret: options.exportSecret,
    staff: {
      store: staffStore,
      access: staffAccessOf({ secret: options.staffSecret }),
      notifier: createLocalStageNotifier({ store, mailDir, postalArea, lead: staffStore.lead }),
    },
    businessHours: () => ({
      start: process.env.BUSINESS_START_TIME,
      end: process.env.BUSINESS_END_TIME,
      mode: process.env.BUSINESS_TIME_MODE,
    }),
    postalArea,
  });
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
      // The API's paths are normalised as the Worker's are (routePath), the pages' by decidePath.
      const apiPath = routePath(req.url ?? '/');
      const onApi = api.owns(apiPath);
      const decision: PathDecision = onApi
        ? { kind: 'serve', path: apiPath, url: apiPath }
        : decidePath(req.url ?? '/');
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
      if (onApi) return sendNotFound(tree, res);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' });
        res.end();
        return;
      }
      req.url = decision.url;
      tree.serve(req, res, () => sendNotFound(tree, res));
    });
  };
}

type ClientError = Error & { code?: string; rawPacket?: Buffer };

function hostOfRawPacket(rawPacket: Buffer | undefined): string {
  if (!rawPacket) return '';
  const match = /\r\nhost:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'));
  return match?.[1]?.trim() ?? '';
}

/**
 * Node's parser refuses a request (a 16 KB Cookie → 431) before any handler runs, answering a bare
 * status line; this writes the tree's security headers and a short page (clientError.ts) instead.
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
