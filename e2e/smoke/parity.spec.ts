// One API, two runtimes: the same requests, sent to the local origin and to the Worker on workerd,
// get the same status, headers and body (server/core/router.ts routes both). Every route and
// method, with and without the staff secret, valid, invalid, too large, wrong method, cross-site.
// What a runtime cannot do is declared once in router.ts; here it is checked as declared.
// Receipt ids are random and the two stores hold different leads: ids are compared by their
// shape, the CSV by its header line.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, test } from '@playwright/test';
import { brandIds, type BrandId } from '../../src/brand/brands';
import { honeypotField } from '../../src/estimate/contract/validation/estimateSchema';
import { tokyoToday } from '../../src/lib/tokyoTime';
import { apiPaths } from '../../server/app';
import { validFormPost, validRequest } from '../../tests/factories/estimate';
import { brandHost, engines, selectedEngines, smokeApi } from './engines';

type Answer = { status: number; headers: Record<string, string>; body: string };
type Call = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** The body, or a function of the engine's site origin (a native form post names it). */
  body?: string | ((siteOrigin: string) => string);
  /** The header that carries the site's origin, for a same-site form post. */
  sameSite?: boolean;
};

/** The headers a client or a browser acts on; Date, ETag and the like may differ. */
const compared = [
  'content-type',
  'cache-control',
  'allow',
  'accept',
  'www-authenticate',
  'retry-after',
  'content-disposition',
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'strict-transport-security',
  'permissions-policy',
];

function send(brand: BrandId, port: number, call: Call): Promise<Answer> {
  const host = brandHost(brand, port);
  const siteOrigin = `http://${host}`;
  const body = typeof call.body === 'function' ? call.body(siteOrigin) : call.body;
  const headers: Record<string, string> = { Host: host, ...call.headers };
  if (call.sameSite) headers.Origin = siteOrigin;
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, agent: false, method: call.method, path: call.path, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const kept: Record<string, string> = {};
          for (const name of compared) {
            const value = res.headers[name];
            if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          done({ status: res.statusCode ?? 0, headers: kept, body: text });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${call.method} ${call.path}`)));
    req.on('error', fail);
    req.end(body);
  });
}

/** What may differ between two runs of one request: receipt ids, and the CSV's rows. */
function normalised(answer: Answer, call: Call): Answer {
  let body = answer.body.replace(/\b\d{6}-[0-9A-HJKMNP-TV-Z]{8}\b/g, '<receipt id>');
  if (answer.headers['content-type']?.startsWith('text/csv')) body = body.split('\r\n')[0] ?? '';
  if (call.method === 'HEAD') body = '';
  return { ...answer, body };
}

function jsonPost(body: unknown, key: string | null = randomUUID()): Call {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key) headers['Idempotency-Key'] = key;
  return { method: 'POST', path: apiPaths.estimates, headers, body: JSON.stringify(body) };
}

function formPost(fields: Record<string, string>, sameSite = true): Call {
  return {
    method: 'POST',
    path: apiPaths.estimates,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    sameSite,
  };
}

const email = () => `p${randomUUID().slice(0, 8)}@example.com`;
const today = tokyoToday();
const exportPath = `${apiPaths.export}?from=${today}&to=${today}`;
/** No route: answered as a route that is off (no secret configured) is. */
const offPath = '/api/estimates/off';
const bearer = { Authorization: `Bearer ${smokeApi.exportSecret}` };
const staff = { Authorization: `Bearer ${smokeApi.staffSecret}` };
const unknownLead = '/api/staff/leads/261124-ABCDEFGH';

/** The staff routes, on the brand whose Worker takes the staff secret (carsupport's takes Access). */
function staffCalls(): Array<[string, () => Call]> {
  const stage = (headers: Record<string, string>): Call => ({
    method: 'POST',
    path: `${unknownLead}/stages`,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ stage: 'contacted' }),
  });
  return [
    ['staff api: no credential', () => ({ method: 'GET', path: unknownLead })],
    [
      'staff api: a wrong secret',
      () => ({ method: 'GET', path: unknownLead, headers: { Authorization: 'Bearer nope' } }),
    ],
    ['staff api: the export secret', () => ({ method: 'GET', path: unknownLead, headers: bearer })],
    ['staff api: an unknown lead', () => ({ method: 'GET', path: unknownLead, headers: staff })],
    ['staff api: a stage of an unknown lead', () => stage({ ...staff, 'Idempotency-Key': 'k' })],
    ['staff api: a stage without Idempotency-Key', () => stage(staff)],
    [
      'staff api: GET on stages',
      () => ({ method: 'GET', path: `${unknownLead}/stages`, headers: staff }),
    ],
    ['staff page: no credential', () => ({ method: 'GET', path: '/staff' })],
    [
      'staff page: an unknown lead',
      () => ({ method: 'GET', path: '/staff/leads/261124-ABCDEFGH', headers: staff }),
    ],
    [
      'staff page: a cross-site stage post',
      () => ({
        method: 'POST',
        path: '/staff/leads/261124-ABCDEFGH/stages',
        headers: { ...staff, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'stage=contacted',
      }),
    ],
    [
      'staff sign-in: a wrong secret',
      () => ({
        method: 'POST',
        path: '/staff/login',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'name=x&secret=nope',
        sameSite: true,
      }),
    ],
  ];
}

/** Every route and method, each with its case. */
function calls(brand: BrandId): Array<[string, () => Call]> {
  // Valid leads with the honeypot filled: answered as any new lead, stored, and never queued for
  // the webhook, whose receiver runs only with api.spec.ts (a queued delivery with nobody to take
  // it would retry through the Worker's queue while that file's deliveries are awaited).
  const valid = () => ({
    ...validRequest(brand, { customer: { email: email() } }),
    [honeypotField]: 'x',
  });
  return [
    ['estimate: a valid JSON post', () => jsonPost(valid())],
    ['estimate: an invalid JSON post', () => jsonPost({ ...valid(), consent: false })],
    ['estimate: without Idempotency-Key', () => jsonPost(valid(), null)],
    ['estimate: a body that is not JSON', () => ({ ...jsonPost({}), body: '{"brand":' })],
    ['estimate: too large', () => jsonPost({ ...valid(), pad: 'x'.repeat(70 * 1024) })],
    [
      'estimate: another media type',
      () => ({ ...jsonPost(valid()), headers: { 'Content-Type': 'text/plain' } }),
    ],
    [
      'estimate: a valid form post',
      () =>
        formPost({
          ...validFormPost(brand, { customer: { email: email() } }),
          [honeypotField]: 'x',
        }),
    ],
    [
      'estimate: an invalid form post',
      () => formPost({ ...validFormPost(brand), 'customer.phone': '12' }),
    ],
    ['estimate: a cross-site form post', () => formPost(validFormPost(brand), false)],
    [
      'estimate: a form post too large',
      () => formPost({ ...validFormPost(brand), pad: 'x'.repeat(70 * 1024) }),
    ],
    ['estimate: GET', () => ({ method: 'GET', path: apiPaths.estimates })],
    ['estimate: PUT', () => ({ method: 'PUT', path: apiPaths.estimates, body: '{}' })],
    ['export: no secret given', () => ({ method: 'GET', path: exportPath })],
    [
      'export: a wrong secret',
      () => ({ method: 'GET', path: exportPath, headers: { Authorization: 'Bearer nope' } }),
    ],
    ['export: the secret', () => ({ method: 'GET', path: exportPath, headers: bearer })],
    ['export: HEAD', () => ({ method: 'HEAD', path: exportPath, headers: bearer })],
    [
      'export: a bad range',
      () => ({ method: 'GET', path: `${apiPaths.export}?from=${today}`, headers: bearer }),
    ],
    ['export: POST', () => ({ method: 'POST', path: exportPath, headers: bearer, body: '' })],
    ['business hours: GET', () => ({ method: 'GET', path: apiPaths.businessTime })],
    ['business hours: HEAD', () => ({ method: 'HEAD', path: apiPaths.businessTime })],
    ['business hours: POST', () => ({ method: 'POST', path: apiPaths.businessTime, body: '{}' })],
    [
      'estimate: JSON nested 15,000 deep',
      () => ({ ...jsonPost({}), body: `${'['.repeat(15_000)}${']'.repeat(15_000)}` }),
    ],
    // One path answer (routePath): each non-canonical spelling is the path it spells.
    ['path: a backslash', () => ({ ...jsonPost(valid()), path: '/api\\estimates' })],
    ['path: an encoded letter', () => ({ ...jsonPost(valid()), path: '/api/%65stimates' })],
    [
      'path: a dot segment',
      () => ({ method: 'GET', path: exportPath.replace('/api/', '/api/./'), headers: bearer }),
    ],
    [
      'path: an encoded dot segment',
      () => ({ method: 'GET', path: `/%2e${exportPath}`, headers: bearer }),
    ],
    [
      'path: a parent segment',
      () => ({ method: 'GET', path: exportPath.replace('/api/', '/api/x/../'), headers: bearer }),
    ],
    // The answer of a route that is off (no secret configured), as of any unknown API path.
    ['a route that is off: GET', () => ({ method: 'GET', path: offPath })],
    ['a route that is off: POST', () => ({ method: 'POST', path: offPath, body: '' })],
    ...(brand === 'yamada' ? staffCalls() : []),
  ];
}

test.describe.configure({ mode: 'default' });

test('the local origin and the Worker answer every API request alike', async () => {
  const names = selectedEngines().map((engine) => engine.name);
  test.skip(
    test.info().project.name !== 'origin' || !names.includes('cloudflare'),
    'compares the local origin with the Worker once, from the origin project, when both run',
  );
  test.setTimeout(180_000);
  const origin = engines.origin.port;
  const worker = engines.cloudflare.port;
  for (const brand of brandIds) {
    for (const [name, make] of calls(brand)) {
      const call = make();
      const [local, cloud] = await Promise.all([
        send(brand, origin, call),
        send(brand, worker, call),
      ]);
      expect(normalised(cloud, call), `${brand}: ${name}`).toEqual(normalised(local, call));
    }
    // Declared in router.ts: re-send exists on the Worker only; the origin answers it as a route
    // that is off: the site's 404 page, whatever the method.
    const resend = { method: 'POST', path: apiPaths.resend, headers: bearer, body: '' };
    const off = { method: 'POST', path: offPath, body: '' };
    expect(normalised(await send(brand, origin, resend), resend)).toEqual(
      normalised(await send(brand, origin, off), off),
    );
    expect((await send(brand, origin, resend)).status).toBe(404);
    expect((await send(brand, worker, { ...resend, headers: {} })).status).toBe(401);
  }
});
