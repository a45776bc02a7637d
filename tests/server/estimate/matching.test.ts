// What the ad platforms' matching needs, captured at submit with the lead (issue 29, part 1): from
// the request alone, cleaned like tracking values, and read back from the local store.
import { validRequest } from '../../factories/estimate';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEstimateHandler, type EstimateContext } from '../../../server/estimate/handler';
import {
  createLocalLeadStore,
  createMemoryRateLimiter,
  localNotifier,
} from '../../../server/node/localLeadStore';
import { privacyPolicyVersion } from '../../../src/content/externalTransmission';
import { matchingData } from '../../../src/tracking/matchingFields';

const site = 'https://www.yamada-shaken.com';
const ctx: EstimateContext = { brand: 'yamada', clientKey: '203.0.113.5', siteOrigin: site };
const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-matching-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('matching data at submit', () => {
  it('keeps the platforms’ cookies, user agent, address, page and policy version with the lead', async () => {
    const file = join(dir, 'estimates.jsonl');
    const handler = createEstimateHandler({
      store: createLocalLeadStore({ file }),
      rateLimiter: createMemoryRateLimiter({}),
      notifier: localNotifier,
    });
    const body = validRequest('yamada', {
      tracking: { gaid: 'Cj0KCQ-abc', estimate_generated_url: '/?utm_source=google' },
    });
    const answer = await handler(
      new Request(`${site}/api/estimates`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': 'matching-1',
          'User-Agent': userAgent,
          Cookie:
            'tracking_data=x; _fbp=fb.1.1596403881668.1116446470; _fbc=fb.1.1554763741205.AbCdEf_-1; ' +
            '_ly_c=YJAD.1700000000.abc; __lt__cid=550e8400-e29b-41d4-a716-446655440000; _ly_su=%3Cscript%3E',
        },
        body: JSON.stringify(body),
      }),
      ctx,
    );
    expect(answer.status).toBe(201);

    // Read back through a fresh store, as a restart (or the queue's consumer) would.
    const [lead] = await createLocalLeadStore({ file }).list('yamada', '2000-01-01', '2100-01-01');
    expect(lead?.matching).toEqual({
      cookies: {
        _fbp: 'fb.1.1596403881668.1116446470',
        _fbc: 'fb.1.1554763741205.AbCdEf_-1',
        _ly_c: 'YJAD.1700000000.abc',
        __lt__cid: '550e8400-e29b-41d4-a716-446655440000',
      },
      userAgent,
      clientAddress: '203.0.113.5',
      eventSourceUrl: `${site}/?utm_source=google`,
      privacyPolicyVersion,
    });
  });
});

describe('matchingData', () => {
  const base = {
    cookieHeader: null,
    userAgent: null,
    clientAddress: '',
    siteOrigin: site,
    formPath: undefined,
    privacyPolicyVersion: '2026-11-25',
  };

  it('refuses hostile values and cuts long ones, as for tracking values', () => {
    const data = matchingData({
      ...base,
      cookieHeader: `_fbp=a b; _fbc=${'x'.repeat(500)}; _ly_r="quoted"`,
      userAgent: '<img src=x onerror=alert(1)>',
      clientAddress: 'unknown',
      formPath: '//evil.example/',
      privacyPolicyVersion: 'latest',
    });
    expect(data).toEqual({ cookies: { _fbc: 'x'.repeat(200) }, eventSourceUrl: `${site}/` });
  });

  it('takes the first of a repeated cookie and an IPv6 address', () => {
    const data = matchingData({
      ...base,
      cookieHeader: '_fbp=fb.1.1.first; _fbp=fb.1.1.second',
      clientAddress: '2001:db8::1',
    });
    expect(data.cookies._fbp).toBe('fb.1.1.first');
    expect(data.clientAddress).toBe('2001:db8::1');
  });
});
