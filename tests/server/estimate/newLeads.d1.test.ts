// When a JSON post becomes a lead, on the Worker's app over a real local D1: once per key and per
// content (idempotency, duplicates), within the client's rate limit, the honeypot's mark, what the
// lead keeps for the ad platforms' matching, and what a failure leaves.
import type { Env } from '../../../server/env';
import { maxBodyBytes } from '../../../server/http/body';
import { messages } from '../../../server/http/messages';
import { duplicateWindowMs } from '../../../server/estimate/accept';
import { brands, type BrandId } from '../../../src/brand/brands';
import { privacyPolicyVersion } from '../../../src/content/externalTransmission';
import { keyReusedCode } from '../../../src/estimate/contract/apiContract';
import { honeypotField } from '../../../src/estimate/contract/validation/estimateSchema';
import { validRequest } from '../../factories/estimate';
import { siteOf, workerOnD1 } from '../worker';

const worker = workerOnD1();
beforeEach(() => worker.reset());

const phone = brands.yamada.phone;

function validBody(model = 'N-BOX') {
  return validRequest('yamada', { vehicle: { model } });
}

type PostOptions = { brand?: BrandId; ip?: string; env?: Env; headers?: Record<string, string> };

/** A JSON post to yamada's site (or `brand`'s), as the estimate dialog sends it. */
function postJson(body: unknown, key: string, options: PostOptions = {}) {
  return worker.fetch('/api/estimates', {
    method: 'POST',
    brand: 'yamada',
    ...options,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...options.headers },
    body:
      typeof body === 'string' || body instanceof Uint8Array
        ? (body as BodyInit)
        : JSON.stringify(body),
  });
}

/** The app on the same D1 with ESTIMATES_RATE_LIMIT set, so a test reaches the limit in a few posts. */
function limitedTo(limit: number): Env {
  return { ...worker.env, ESTIMATES_RATE_LIMIT: String(limit) };
}

async function idOf(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function stored() {
  return worker.stored('yamada');
}

/** The leads whose channels were queued, in order; a channel queued twice fails the test. */
function queuedLeads(): string[] {
  const ids = worker.queued.map((message) => ('id' in message ? message.id : 'alert'));
  const sent = worker.queued.map((message) => JSON.stringify(message));
  expect(new Set(sent).size, 'a channel queued twice').toBe(sent.length);
  return [...new Set(ids)];
}

describe('idempotency', () => {
  it.each([
    ['with one key', () => 'one-key'],
    ['of one content under fresh keys', (n: number) => `fresh-${n}`],
  ])('gives 20 concurrent posts %s one row, one id, one notice', async (_name, keyOf) => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => postJson(validBody(), keyOf(n))),
    );
    const ids = new Set(await Promise.all(responses.map(idOf)));
    expect(ids.size).toBe(1);
    expect(await stored()).toHaveLength(1);
    expect(queuedLeads()).toEqual([...ids]);
  });

  it('answers a replay with the first id, even days later, without counting it', async () => {
    const limited = limitedTo(1);
    const id = await idOf(await postJson(validBody(), 'k1', { env: limited }));
    worker.clock.advance(3 * 24 * 3600_000);
    expect(await idOf(await postJson(validBody(), 'k1', { env: limited }))).toBe(id);
    expect(await idOf(await postJson(validBody(), 'k1', { env: limited }))).toBe(id);
    // The limit (1) is still free for a new lead: the replays did not use it.
    expect((await postJson(validBody('FIT'), 'k2', { env: limited })).status).toBe(201);
    expect(await stored()).toHaveLength(2);
  });

  it('queues, on a replay or a duplicate, the channels a crash after the insert left unqueued', async () => {
    const id = await idOf(await postJson(validBody(), 'k1'));
    const channels = worker.queued.splice(0);
    expect(channels.length).toBeGreaterThan(0);
    // What a crash between the insert and the queue leaves: the lead, none of its channels.
    await worker.d1.db.prepare('DELETE FROM lead_deliveries').run();

    expect(await idOf(await postJson(validBody(), 'k1'))).toBe(id); // a replay
    expect(worker.queued).toEqual(channels);
    expect(await idOf(await postJson(validBody(), 'k2'))).toBe(id); // the same content
    expect(await idOf(await postJson(validBody(), 'k1'))).toBe(id);
    // Queued once: the queue's own retries take it from there.
    expect(worker.queued).toEqual(channels);
  });

  it('refuses a key reused for other content with 422 and its code, losing neither lead', async () => {
    // A tab copied with its draft: the copy sends another car first under the shared key.
    const copy = await idOf(await postJson(validBody('FIT'), 'shared'));
    const reused = await postJson(validBody('N-BOX'), 'shared');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({ error: messages.keyReused, code: keyReusedCode });
    // The first tab takes a new key, as the client does, and gets its own lead.
    const original = await idOf(await postJson(validBody('N-BOX'), 'renewed'));
    expect(original).not.toBe(copy);
    const models = (await stored()).map((lead) => lead.request.vehicle.model);
    expect(models.sort()).toEqual(['FIT', 'N-BOX']);
    expect(queuedLeads()).toEqual([copy, original]);
  });

  it('answers a key reused for the same content with other attribution with its lead', async () => {
    const id = await idOf(await postJson(validBody(), 'k1'));
    const retagged = { ...validBody(), tracking: { source: 'yahoo' } };
    expect(await idOf(await postJson(retagged, 'k1'))).toBe(id);
    expect(await stored()).toHaveLength(1);
  });
});

describe('duplicates', () => {
  it('folds the same content under a new key within 10 minutes into the first lead', async () => {
    const id = await idOf(await postJson(validBody(), 'a'));
    worker.clock.advance(duplicateWindowMs - 1000);
    // Written differently, normalised the same: still the same lead.
    const again = validBody();
    again.customer.phone = '０９０１２３４５６７８';
    expect(await idOf(await postJson(again, 'b'))).toBe(id);
    expect(await stored()).toHaveLength(1);
    expect(queuedLeads()).toEqual([id]);
  });

  it('takes the same content after 10 minutes as a new lead', async () => {
    const id = await idOf(await postJson(validBody(), 'a'));
    worker.clock.advance(duplicateWindowMs + 1000);
    expect(await idOf(await postJson(validBody(), 'b'))).not.toBe(id);
    expect(await stored()).toHaveLength(2);
  });

  it('keeps a second car from the same person as a new lead', async () => {
    const first = await idOf(await postJson(validBody('N-BOX'), 'a'));
    const second = await idOf(await postJson(validBody('FIT'), 'b'));
    expect(second).not.toBe(first);
    expect(await stored()).toHaveLength(2);
    expect(queuedLeads()).toEqual([first, second]);
  });
});

describe('rate limit', () => {
  it('takes 20 new leads per client per 10 minutes: the 21st gets 429, Retry-After and the phone number', async () => {
    // Generous, for the many phones behind one carrier's address (rateLimitPolicy.ts, README).
    for (let i = 0; i < 20; i += 1) {
      expect((await postJson(validBody(`car-${i}`), `k${i}`)).status).toBe(201);
    }
    const refused = await postJson(validBody('one-too-many'), 'over');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    const { errors } = (await refused.json()) as { errors: { form: string } };
    expect(errors.form).toContain(phone);
    expect(errors.form).toMatch(/もう一度お試し/u);
    expect(await stored()).toHaveLength(20);
    // ESTIMATES_RATE_LIMIT, which the test suites set, raises it: counted on the same hits.
    const raised = limitedTo(21);
    expect((await postJson(validBody('one-too-many'), 'over', { env: raised })).status).toBe(201);
    expect((await postJson(validBody('two-too-many'), 'over-2', { env: raised })).status).toBe(429);
  });

  it('counts an IPv6 /64 as one client: over the limit from any address in it', async () => {
    const limited = limitedTo(2);
    const inNetwork = (host: number) => ({
      env: limited,
      ip: `2001:db8:0:7::${host.toString(16)}`,
    });
    expect((await postJson(validBody('A'), 'a', inNetwork(1))).status).toBe(201);
    expect((await postJson(validBody('B'), 'b', inNetwork(2))).status).toBe(201);
    const refused = await postJson(validBody('C'), 'c', inNetwork(0xbeef));
    expect(refused.status).toBe(429);
    const nextNetwork = { env: limited, ip: '2001:db8:0:8::1' };
    expect((await postJson(validBody('C'), 'c', nextNetwork)).status).toBe(201);
  });

  it('does not count replays, duplicates or refused posts, nor other clients', async () => {
    const env = limitedTo(2);
    const first = await idOf(await postJson(validBody('A'), 'a', { env }));
    for (let i = 0; i < 2; i += 1) {
      expect(await idOf(await postJson(validBody('A'), 'a', { env }))).toBe(first); // replay
      expect(await idOf(await postJson(validBody('A'), `dup-${i}`, { env }))).toBe(first); // duplicate
      const refused = await postJson({ ...validBody('X'), consent: false }, `bad-${i}`, { env });
      expect(refused.status).toBe(422);
    }
    expect((await postJson(validBody('B'), 'b', { env })).status).toBe(201);
    expect((await postJson(validBody('C'), 'c', { env })).status).toBe(429);
    expect((await postJson(validBody('C'), 'c', { env, ip: '198.51.100.7' })).status).toBe(201);
  });

  it("counts per brand: a client's limit at one brand leaves the other brand's whole", async () => {
    const env = limitedTo(1);
    await idOf(await postJson(validBody('A'), 'a', { env }));
    expect((await postJson(validBody('B'), 'b', { env })).status).toBe(429);
    const other = validRequest('carsupport', { vehicle: { model: 'B' } });
    expect((await postJson(other, 'c', { env, brand: 'carsupport' })).status).toBe(201);
  });
});

describe('honeypot', () => {
  it('stores a lead with the honeypot filled, marked, and hands it to the channels marked', async () => {
    const body = { ...validBody(), [honeypotField]: 'https://spam.example' };
    const id = await idOf(await postJson(body, 'hp'));
    const lead = await worker.leads.get(id);
    expect(lead).toMatchObject({ id, suspectedSpam: true });
    // Each channel decides on the mark: no receipt to an address a bot typed.
    expect(lead?.deliveries).toContainEqual(
      expect.objectContaining({ channel: 'receipt', state: 'skipped', lastError: 'スパム疑い' }),
    );
  });

  it('stores a lead with the honeypot empty unmarked, its receipt queued once', async () => {
    const id = await idOf(await postJson({ ...validBody(), [honeypotField]: '' }, 'ok'));
    expect(await worker.leads.get(id)).toMatchObject({ id, suspectedSpam: false });
    expect(worker.queued).toContainEqual({ id, channel: 'receipt' });
    expect(queuedLeads()).toEqual([id]);
  });
});

describe('matching data at submit', () => {
  it('keeps the platforms’ cookies, user agent, address, page and policy version with the lead', async () => {
    const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';
    const body = validRequest('yamada', {
      tracking: { gaid: 'Cj0KCQ-abc', estimate_generated_url: '/?utm_source=google' },
    });
    const id = await idOf(
      await postJson(body, 'matching-1', {
        ip: '203.0.113.5',
        headers: {
          'User-Agent': userAgent,
          Cookie:
            'tracking_data=x; _fbp=fb.1.1596403881668.1116446470; _fbc=fb.1.1554763741205.AbCdEf_-1; ' +
            '_ly_c=YJAD.1700000000.abc; __lt__cid=550e8400-e29b-41d4-a716-446655440000; _ly_su=%3Cscript%3E',
        },
      }),
    );

    // Read back from D1, as the queue's consumer reads it.
    expect((await worker.leads.get(id))?.matching).toEqual({
      cookies: {
        _fbp: 'fb.1.1596403881668.1116446470',
        _fbc: 'fb.1.1554763741205.AbCdEf_-1',
        _ly_c: 'YJAD.1700000000.abc',
        __lt__cid: '550e8400-e29b-41d4-a716-446655440000',
      },
      userAgent,
      clientAddress: '203.0.113.5',
      eventSourceUrl: `${siteOf('yamada')}/?utm_source=google`,
      privacyPolicyVersion,
    });
  });
});

describe('bodies it cannot read', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it.each([
    ['an array 15,000 deep', deep(15_000)],
    [
      'a valid lead with a 15,000-deep extra field',
      JSON.stringify(validBody()).replace(/}$/, `,"pad":${deep(15_000)}}`),
    ],
  ])('answers %s with 400, never a 5xx', async (_name, body) => {
    const answer = await postJson(body, 'deep');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: messages.invalidJson });
    expect(await stored()).toEqual([]);
  });

  it('reads brackets inside a string as text', async () => {
    const body = validBody(`${'['.repeat(20)}N-BOX`.slice(0, 25));
    expect((await postJson(body, 'brackets')).status).toBe(201);
  });

  it('refuses JSON that is not UTF-8 with 400, storing nothing', async () => {
    const [before, after] = JSON.stringify(validBody('__BROKEN__')).split('__BROKEN__') as [
      string,
      string,
    ];
    const encoder = new TextEncoder();
    // "山田" with its last byte cut, then a byte no UTF-8 sequence starts with.
    const bytes = [0xe5, 0xb1, 0xb1, 0xe7, 0x94, 0xff];
    const body = new Uint8Array([...encoder.encode(before), ...bytes, ...encoder.encode(after)]);

    const response = await postJson(body, 'not-utf8');

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: messages.invalidJson });
    expect(await stored()).toEqual([]);
  });

  it('refuses a body over 64 KB, sent or declared, with 413 in Japanese', async () => {
    const notes = 'x'.repeat(maxBodyBytes);
    const sent = await postJson({ ...validBody(), request: { notes } }, 'big');
    expect(sent.status).toBe(413);
    expect(sent.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await sent.json()).toEqual({ error: messages.tooLarge });
    // Refused on its Content-Length alone, before the body is read.
    const headers = { 'Content-Length': String(maxBodyBytes + 1) };
    expect((await postJson('{}', 'declared', { headers })).status).toBe(413);
    expect(await stored()).toEqual([]);
  });
});

describe('failures', () => {
  it('still gives the id when the queue refuses the lead: stored, its channels left to the sweep', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusing = {
      send: () => Promise.reject(new Error('queue down')),
      sendBatch: () => Promise.reject(new Error('queue down')),
    } as unknown as Env['LEADS'];
    const env = { ...worker.env, LEADS: refusing };

    const id = await idOf(await postJson(validBody(), 'k', { env }));

    const lead = await worker.leads.get(id);
    expect(lead).toMatchObject({ id, brand: 'yamada' });
    expect(lead?.deliveries?.some((delivery) => delivery.state === 'pending')).toBe(true);
    expect(worker.queued).toEqual([]);
  });
});
