/**
 * The local origin: serves dist/<brand>/ by Host like the CDN, with the headers of that tree's
 * _headers file, plus the local API. Used by `npm start`, `npm run preview` and e2e.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { brandIdForHost, brandIds, type BrandId } from '../src/brand/brands';
import { businessTimePath } from '../src/business-hours/loadBusinessHours';
import { headersFor, parseHeadersFile, type HeaderRule } from '../prerender/headers';
import { handleBusinessTime } from './api/businessTime';
import { createEstimatesHandler } from './api/estimates';

export type OriginOptions = {
  distDir: string;
  /** Where accepted estimate requests are appended (JSON lines). */
  estimatesFile: string;
};

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export const estimatesPath = '/api/estimates';

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
  const estimates = createEstimatesHandler({ file: options.estimatesFile });

  return (req, res) => {
    compress(req as never, res as never, () => {
      const tree = trees[brandIdForHost(req.headers.host ?? '')];
      let pathname: string;
      try {
        const url = new URL(req.url ?? '/', 'http://origin.local');
        pathname = decodeURIComponent(url.pathname);
        // Clean URLs: /term/ → /term, keeping the query.
        if (pathname.length > 1 && pathname.endsWith('/')) {
          res.writeHead(301, { Location: url.pathname.replace(/\/+$/, '') + url.search });
          res.end();
          return;
        }
      } catch {
        res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Bad Request');
        return;
      }
      // The security headers apply to every answer, the API's and 404s included.
      const rules = readRules(tree.dir);
      for (const [name, value] of Object.entries(headersFor(rules, pathname))) {
        res.setHeader(name, value);
      }
      if (pathname === businessTimePath) return handleBusinessTime(req, res);
      if (pathname === estimatesPath) {
        estimates(req, res).catch(() => {
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
        return;
      }
      if (pathname.split('/').includes('..') || pathname.includes('\0')) {
        sendNotFound(tree, res);
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' });
        res.end();
        return;
      }
      tree.serve(req, res, () => sendNotFound(tree, res));
    });
  };
}
