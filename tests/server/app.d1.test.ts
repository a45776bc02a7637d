// Which routes the Worker's app (server/app.ts) has, given its configuration, over a real local
// D1: the export and re-send only with EXPORT_SECRET and only for its bearer, the staff's routes
// only with an access, the business hours from the vars on each request; every other path of the
// API is the site's 404 page; each route's 405 names what it allows; the tree's security headers
// on every route's answer; the path routed as the Worker's URL spells it (routePath).
import type { Env } from '../../server/env';
import { leadChannels } from '../../server/delivery/channels';
import { messages } from '../../server/http/messages';
import { securityHeaders } from '../../server/site/headers';
import { businessTimePath } from '../../src/business-hours/businessHoursNames';
import { validRequest } from '../factories/estimate';
import { notFoundPage, siteOf, workerOnD1 } from './worker';

const worker = workerOnD1();

const secret = 'export-secret-0123456789';
const bearer = { Authorization: `Bearer ${secret}` };
/** The harness's vars and bindings with the export's secret set, as `wrangler secret put` does. */
const withSecret = (): Env => ({ ...worker.env, EXPORT_SECRET: secret });

const exportPath = '/api/estimates.csv?from=2026-11-20&to=2026-11-20';
const resendPath = '/api/estimates/resend';
const everyMethod = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/** The tree's headers (the stand-in's `_headers`), on an answer that set none of its own. */
function expectSiteHeaders(response: Response, what: string): void {
  for (const [name, value] of Object.entries(securityHeaders)) {
    expect(response.headers.get(name), `${what}: ${name}`).toBe(value);
  }
  expect(response.headers.get('content-security-policy'), what).toBe("default-src 'self'");
}

/** The site's 404 page: status, the page itself (no body for HEAD), the tree's headers. */
async function expectNotFoundPage(response: Response, what: string): Promise<void> {
  expect(response.status, what).toBe(404);
  expect(response.headers.get('content-type'), what).toMatch(/^text\/html/);
  expect(await response.text(), what).toBe(what.startsWith('HEAD') ? '' : notFoundPage);
  expectSiteHeaders(response, what);
}

async function postLead(env?: Env): Promise<string> {
  const response = await worker.fetch('/api/estimates', {
    method: 'POST',
    ...(env && { env }),
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'lead-1' },
    body: JSON.stringify(validRequest('carsupport')),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('the export and re-send', () => {
  // The only tests here that store a lead: the others leave D1 as they found it.
  beforeEach(() => worker.reset());

  it('are the site’s 404 page, whatever the method, without EXPORT_SECRET', async () => {
    for (const env of [worker.env, { ...worker.env, EXPORT_SECRET: '' }]) {
      for (const path of [exportPath, resendPath]) {
        for (const method of everyMethod) {
          const response = await worker.fetch(path, { method, env, headers: bearer });
          await expectNotFoundPage(response, `${method} ${path}`);
        }
      }
    }
  });

  it('answer 401 asking for the bearer without its secret, and serve its bearer', async () => {
    const env = withSecret();
    const id = await postLead(env);
    for (const [method, path] of [
      ['GET', exportPath],
      ['POST', resendPath],
    ] as const) {
      const refusedHeaders: Record<string, string>[] = [
        {},
        { Authorization: 'Bearer wrong' },
        { Authorization: secret },
      ];
      for (const headers of refusedHeaders) {
        const refused = await worker.fetch(path, { method, env, headers });
        expect(refused.status, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(refused.headers.get('www-authenticate')).toBe('Bearer');
      }
    }
    const listed = await worker.fetch(exportPath, { env, headers: bearer });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await listed.text()).toContain(id);
  });

  it('re-send per channel, naming the channels when one is unknown', async () => {
    const env = withSecret();
    const id = await postLead(env);
    // Undecided, as a crash between the insert and the queue leaves a lead.
    await worker.d1.db.prepare('DELETE FROM lead_deliveries').run();
    worker.queued.splice(0);
    const resend = async (query: string) => {
      const response = await worker.fetch(`${resendPath}${query}`, {
        method: 'POST',
        env,
        headers: bearer,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    expect(await resend(`?id=${id}&channel=receipt`)).toEqual({
      status: 200,
      body: { resent: [{ id, channel: 'receipt' }], alreadyQueued: [] },
    });
    expect(worker.queued).toEqual([{ id, channel: 'receipt' }]);
    // Every channel of the lead now: the receipt is in the queue's hands, the rest are off here.
    expect((await resend(`?id=${id}`)).body).toEqual({
      resent: [],
      alreadyQueued: [{ id, channel: 'receipt' }],
    });
    expect(worker.queued).toHaveLength(1);

    const unknown = await resend(`?id=${id}&channel=fax`);
    expect(unknown.status).toBe(400);
    for (const { name } of leadChannels) expect(unknown.body.error).toContain(name);
  });
});

describe('the staff’s routes', () => {
  const paths = ['/staff', '/staff/', '/staff/login', '/staff/leads/261124-ABCDEFGH'];
  const apiPaths = ['/api/staff/leads/261124-ABCDEFGH', '/api/staff/leads/261124-ABCDEFGH/stages'];

  it('are the site’s 404 page, whatever the method, without STAFF_SECRET or Access', async () => {
    for (const env of [worker.env, { ...worker.env, STAFF_SECRET: '' }]) {
      for (const path of [...paths, ...apiPaths]) {
        for (const method of everyMethod) {
          // From the site, from elsewhere, and from no page at all.
          for (const origin of [siteOf('carsupport'), 'https://evil.example', null]) {
            const response = await worker.fetch(path, {
              method,
              env,
              headers: {
                ...(origin && { Origin: origin }),
                Authorization: 'Bearer x',
                'Content-Type': 'application/json',
              },
              ...(method !== 'GET' && method !== 'HEAD' && { body: '{}' }),
            });
            await expectNotFoundPage(response, `${method} ${path} from ${origin}`);
          }
        }
      }
    }
  });

  it('ask for a credential with STAFF_SECRET set', async () => {
    const env = { ...worker.env, STAFF_SECRET: 'staff-secret-0123456789abcdef0123456789' };
    for (const path of ['/staff/leads/261124-ABCDEFGH', ...apiPaths.slice(0, 1)]) {
      const response = await worker.fetch(path, { env });
      expect(response.status, path).toBe(401);
    }
  });
});

describe('the business hours', () => {
  it('answer the default hours, 9:00 to 19:00, as uncached JSON', async () => {
    const response = await worker.fetch(businessTimePath);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ start_time: '9:00', end_time: '19:00' });
  });

  it('answer the hours of the vars, read on each request', async () => {
    const hours = (start: string, end: string) => ({
      ...worker.env,
      BUSINESS_START_TIME: start,
      BUSINESS_END_TIME: end,
    });
    const first = await worker.fetch(businessTimePath, { env: hours('10:30', '18:00') });
    expect(await first.json()).toEqual({ start_time: '10:30', end_time: '18:00' });
    const next = await worker.fetch(businessTimePath, { env: hours('8:00', '20:00') });
    expect(await next.json()).toEqual({ start_time: '8:00', end_time: '20:00' });
  });

  it('answer HEAD without a body', async () => {
    const response = await worker.fetch(businessTimePath, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toBe('');
  });
});

describe('every route', () => {
  it.each([
    ['the export', exportPath, 'POST', 'GET, HEAD'],
    ['re-send', resendPath, 'GET', 'POST'],
    ['the business hours', businessTimePath, 'POST', 'GET, HEAD'],
  ])(
    'refuses another method on %s with 405, Allow and a JSON message',
    async (_n, path, method, allow) => {
      const body = method === 'GET' ? null : '{}';
      const response = await worker.fetch(path, { method, env: withSecret(), body });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual({
        error: messages.methodNotAllowed(allow.split(', ')),
      });
      expectSiteHeaders(response, `${method} ${path}`);
    },
  );

  it('answers with the tree’s security headers', async () => {
    const hours = await worker.fetch(businessTimePath);
    expect(hours.status).toBe(200);
    expectSiteHeaders(hours, 'business hours');
    const refused = await worker.fetch('/api/estimates', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: 'not json',
    });
    expect(refused.status).toBe(400);
    expectSiteHeaders(refused, 'a refused estimate');
    const unauthorized = await worker.fetch(exportPath, { env: withSecret() });
    expectSiteHeaders(unauthorized, 'the export without its bearer');
  });

  it.each([
    '/api/other',
    '/api/estimates/',
    '/api/estimates/off',
    '/api/estimates%2Fresend',
    '/api/staff',
    '/api/',
  ])(
    'leaves %s, which no route takes, to the site’s 404 page, whatever the method',
    async (path) => {
      for (const method of everyMethod) {
        const response = await worker.fetch(path, { method, env: withSecret(), headers: bearer });
        await expectNotFoundPage(response, `${method} ${path}`);
      }
    },
  );

  it.each([
    '/api\\estimates',
    '/%61pi/estimates',
    '/api/%65stimates',
    '/api/./estimates',
    '/%2e/api/estimates',
    '/api/x/../estimates',
    '//api//estimates',
  ])('routes %s as /api/estimates, as the Worker’s URL spells it', async (spelling) => {
    // A whole URL: `//api…` alone would name a host.
    const response = await worker.fetch(`${siteOf('carsupport')}${spelling}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: messages.idempotencyKey });
  });
});
