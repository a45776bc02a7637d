// The Worker's D1 code (server/db/leads.ts, rateLimiter.ts) against a real local
// D1 database with the real migrations, not against SQL text.
import { D1Deliveries } from '../../../server/db/deliveries';
import { D1LeadStore } from '../../../server/db/leads';
import { D1RateLimiter } from '../../../server/db/rateLimiter';
import type { NewLead } from '../../../server/leads/store';
import { newLeadRateLimit } from '../../../server/estimate/rateLimitPolicy';
import { leadRequest, newLead } from '../../factories/estimate';
import { localD1, type LocalD1 } from '../d1';

let d1: LocalD1;
let store: D1LeadStore;

// One database for the file (starting workerd takes seconds), emptied before each test.
beforeAll(async () => {
  d1 = await localD1();
  store = new D1LeadStore(d1.db);
});

beforeEach(() => d1.empty());

afterAll(async () => {
  await d1.dispose();
});

function lead(overrides: Partial<NewLead> = {}): NewLead {
  return newLead({
    request: leadRequest('yamada', { tracking: { source: 'google', gaid: 'g-1' } }),
    ...overrides,
  });
}

/** The duplicate window's start for the leads above, received at 01:00 or later. */
const since = '2026-11-24T00:50:00.000Z';

describe('D1LeadStore on D1', () => {
  it('stores every column of the row and reads the lead back whole', async () => {
    const stored = lead();
    expect(await store.insert(stored, since)).toEqual({ id: stored.id, created: true });
    const row = await d1.db
      .prepare('SELECT * FROM leads WHERE id = ?')
      .bind(stored.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      brand: 'yamada',
      idempotency_key: stored.idempotencyKey,
      last_name: '山田',
      source: 'google',
      gaid: 'g-1',
      suspected_spam: 0,
    });
    // The delivery is per channel now (lead_deliveries), no longer columns of the lead.
    expect(row).not.toHaveProperty('delivered_at');
    expect(await store.get(stored.id)).toEqual({
      ...stored,
      deliveries: [],
      stage: { stage: 'new', changedAt: null, progress: 0 },
      bookingSequence: 0,
      followUps: {
        reminded3DaysFor: null,
        reminded1DayFor: null,
        nextExpiry: null,
        guideConsentAt: null,
        guideToken: null,
        unsubscribedAt: null,
        guided60At: null,
        guided30At: null,
      },
    });
    expect(await store.get('261124-NOSUCHID')).toBeNull();
  });

  it('keeps the matching data captured at submit, and reads a lead without it back without', async () => {
    const matching = {
      cookies: { _fbp: 'fb.1.1596403881668.1116446470', __lt__cid: 'cid-1' },
      userAgent: 'Mozilla/5.0',
      clientAddress: '203.0.113.5',
      eventSourceUrl: 'https://www.yamada-shaken.com/',
      privacyPolicyVersion: '2026-11-25',
    };
    const withMatching = lead({ matching });
    await store.insert(withMatching, since);
    expect((await store.get(withMatching.id))?.matching).toEqual(matching);
    const without = lead();
    await store.insert(without, since);
    expect(await store.get(without.id)).not.toHaveProperty('matching');
  });

  it('keeps one row per brand and key, also for 50 concurrent inserts', async () => {
    const first = lead({ idempotencyKey: 'one-key' });
    await store.insert(first, since);
    const again = await store.insert(lead({ idempotencyKey: 'one-key' }), since);
    expect(again).toEqual({ id: first.id, created: false });
    expect(await store.findByKey('yamada', 'one-key')).toEqual({
      id: first.id,
      contentHash: first.contentHash,
      requestHash: first.requestHash,
    });
    expect(await store.findByKey('carsupport', 'one-key')).toBeNull();

    const racing = await Promise.all(
      Array.from({ length: 50 }, () => store.insert(lead({ idempotencyKey: 'racing' }), since)),
    );
    expect(racing.filter((insert) => insert.created)).toHaveLength(1);
    expect(new Set(racing.map((insert) => insert.id)).size).toBe(1);
    const { results } = await d1.db
      .prepare("SELECT id FROM leads WHERE idempotency_key = 'racing'")
      .all();
    expect(results).toHaveLength(1);
  });

  it('stores one row for 50 concurrent inserts of one content under fresh keys', async () => {
    const racing = await Promise.all(
      Array.from({ length: 50 }, () => store.insert(lead({ contentHash: 'one-content' }), since)),
    );
    expect(racing.filter((insert) => insert.created)).toHaveLength(1);
    expect(new Set(racing.map((insert) => insert.id)).size).toBe(1);
    const { results } = await d1.db
      .prepare("SELECT id FROM leads WHERE content_hash = 'one-content'")
      .all<{ id: string }>();
    expect(results.map((row) => row.id)).toEqual([racing[0]?.id]);
    // Before the window, or in the other brand, the same content is a lead of its own.
    const later = lead({ contentHash: 'one-content', receivedAt: '2026-11-24T01:20:00.000Z' });
    expect(await store.insert(later, '2026-11-24T01:10:00.000Z')).toEqual({
      id: later.id,
      created: true,
    });
    const other = lead({ brand: 'carsupport', contentHash: 'one-content' });
    expect((await store.insert(other, since)).created).toBe(true);
  });

  it('finds a duplicate of the same brand and content since the given time only', async () => {
    const stored = lead({ contentHash: 'same', receivedAt: '2026-11-24T01:00:00.000Z' });
    await store.insert(stored, since);
    expect(await store.findDuplicate('yamada', 'same', '2026-11-24T00:55:00.000Z')).toBe(stored.id);
    expect(await store.findDuplicate('yamada', 'same', '2026-11-24T01:00:00.001Z')).toBeNull();
    expect(await store.findDuplicate('carsupport', 'same', '2026-11-24T00:00:00.000Z')).toBeNull();
    expect(await store.findDuplicate('yamada', 'other', '2026-11-24T00:00:00.000Z')).toBeNull();
  });

  it("lists a brand's leads in [from, to), oldest first", async () => {
    const late = lead({ receivedAt: '2026-11-24T03:00:00.000Z' });
    const early = lead({ receivedAt: '2026-11-24T02:00:00.000Z' });
    const after = lead({ receivedAt: '2026-11-24T04:00:00.000Z' });
    const otherBrand = lead({ brand: 'carsupport', receivedAt: '2026-11-24T02:30:00.000Z' });
    for (const each of [late, early, after, otherBrand]) await store.insert(each, since);
    const listed = await store.list('yamada', '2026-11-24T02:00:00.000Z', after.receivedAt);
    expect(listed.map((each) => each.id)).toEqual([early.id, late.id]);
    expect(listed[0]?.request).toEqual(early.request);
  });

  it('keeps each channel of a lead apart, and lists what re-send may send', async () => {
    const deliveries = new D1Deliveries(d1.db);
    const sent = lead({ receivedAt: '2026-11-24T00:00:00.000Z' });
    const dead = lead({ receivedAt: '2026-11-24T05:00:00.000Z' });
    const stale = lead({ receivedAt: '2026-11-24T00:10:00.000Z' });
    const fresh = lead({ receivedAt: '2026-11-24T05:30:00.000Z' });
    const undecided = lead({ receivedAt: '2026-11-24T00:30:00.000Z' });
    for (const each of [sent, dead, stale, fresh, undecided]) await store.insert(each, since);
    const send = { kind: 'send' } as const;
    for (const each of [sent, dead, stale, fresh]) {
      await deliveries.decided(
        each.id,
        [
          ['webhook', send],
          ['receipt', { kind: 'skip', reason: 'スパム疑い' }],
          ['shopNotice', send],
        ],
        each.receivedAt,
      );
    }
    await deliveries.sent(sent.id, 'webhook', '2026-11-24T00:00:05.000Z');
    await deliveries.failed(
      dead.id,
      'webhook',
      new Error('the webhook answered 500'),
      '2026-11-24T05:01:00.000Z',
    );
    await deliveries.deadLettered(dead.id, 'webhook', '2026-11-24T06:00:00.000Z');
    // A channel sent meanwhile is never marked dead; the other channels are untouched.
    await deliveries.deadLettered(sent.id, 'webhook', '2026-11-24T06:00:00.000Z');
    await deliveries.sent(dead.id, 'shopNotice', '2026-11-24T05:00:01.000Z');
    await deliveries.sent(stale.id, 'shopNotice', '2026-11-24T00:10:01.000Z');
    await deliveries.sent(sent.id, 'shopNotice', '2026-11-24T00:00:01.000Z');

    const got = await store.get(dead.id);
    expect(got?.deliveries).toEqual(
      expect.arrayContaining([
        {
          channel: 'webhook',
          state: 'dead',
          sentAt: null,
          attempts: 1,
          lastError: 'the webhook answered 500',
          deadLetteredAt: '2026-11-24T06:00:00.000Z',
          receipt: null,
          report: null,
          reportedAt: null,
          // When it was decided: a stage conversion's time (stageConversions.ts).
          decidedAt: '2026-11-24T05:00:00.000Z',
        },
        expect.objectContaining({ channel: 'shopNotice', state: 'sent', attempts: 1 }),
        expect.objectContaining({ channel: 'receipt', state: 'skipped', lastError: 'スパム疑い' }),
      ]),
    );
    expect((await store.get(sent.id))?.deliveries).toContainEqual(
      expect.objectContaining({
        channel: 'webhook',
        state: 'sent',
        sentAt: '2026-11-24T00:00:05.000Z',
      }),
    );
    expect(
      (await store.list('yamada', '2026-11-24T00:00:00.000Z', '2026-11-25T00:00:00.000Z')).find(
        (each) => each.id === sent.id,
      )?.deliveries,
    ).toHaveLength(3);

    const staleBefore = '2026-11-24T01:00:00.000Z';
    const channels = ['webhook', 'shopNotice', 'receipt'];
    const withDead = { channels, dead: true };
    expect(await deliveries.undelivered('yamada', staleBefore, withDead)).toEqual({
      pairs: [
        { id: stale.id, channel: 'webhook' },
        { id: dead.id, channel: 'webhook' },
      ],
      undecided: [undecided.id],
    });
    expect(
      await deliveries.undelivered('yamada', staleBefore, { channels: ['shopNotice'], dead: true }),
    ).toEqual({ pairs: [], undecided: [undecided.id] });
    // Without `dead`, what the outbox sweep takes: pending ones only.
    expect((await deliveries.undelivered('yamada', staleBefore, { dead: false })).pairs).toEqual([
      { id: stale.id, channel: 'webhook' },
    ]);
    const at = '2026-11-24T07:00:00.000Z';
    expect(await deliveries.requeued(dead.id, ['webhook', 'receipt'], { at })).toEqual([]);
    expect(await deliveries.requeued(dead.id, ['webhook', 'receipt'], { at, dead: true })).toEqual([
      'webhook',
    ]);
    expect(await deliveries.requeued(sent.id, ['webhook'], { at, dead: true })).toEqual([]);
    // Queued now: in the queue's hands until its retry time and the grace have passed.
    expect(await deliveries.requeued(dead.id, ['webhook'], { at, dead: true })).toEqual([]);
    expect(
      await deliveries.requeued(dead.id, ['webhook'], {
        at,
        staleBefore: '2026-11-24T07:00:00.001Z',
      }),
    ).toEqual(['webhook']);
    expect(await deliveries.undelivered('carsupport', staleBefore, withDead)).toEqual({
      pairs: [],
      undecided: [],
    });
    expect((await deliveries.deadLetters('yamada')).map((each) => each.leadId)).toEqual([]);
  });
});

describe('D1RateLimiter on D1', () => {
  const windowMs = newLeadRateLimit.windowSeconds * 1000;

  it('lets 20 new leads per client through in 10 minutes, then asks to wait', async () => {
    let clock = Date.parse('2026-11-24T01:00:00.000Z');
    const limiter = new D1RateLimiter(d1.db, () => clock);
    for (let n = 0; n < newLeadRateLimit.limit; n += 1) {
      expect(await limiter.hit('203.0.113.5')).toEqual({ ok: true });
      clock += 1000;
    }
    const refused = await limiter.hit('203.0.113.5');
    expect(refused).toEqual({ ok: false, retryAfterSeconds: newLeadRateLimit.windowSeconds - 20 });
    expect(await limiter.hit('198.51.100.7')).toEqual({ ok: true });
    // Once the first hit has left the window, one more gets through.
    clock = Date.parse('2026-11-24T01:00:00.000Z') + windowMs + 1;
    expect(await limiter.hit('203.0.113.5')).toEqual({ ok: true });
    expect((await limiter.hit('203.0.113.5')).ok).toBe(false);
  });

  it('never lets more than the limit through when hits race', async () => {
    const limiter = new D1RateLimiter(d1.db);
    const hits = await Promise.all(
      Array.from({ length: newLeadRateLimit.limit + 15 }, () => limiter.hit('2001:db8::/64')),
    );
    expect(hits.filter((hit) => hit.ok)).toHaveLength(newLeadRateLimit.limit);
  });

  it('sweeps hits that left the window', async () => {
    let clock = Date.parse('2026-11-24T01:00:00.000Z');
    const limiter = new D1RateLimiter(d1.db, () => clock);
    await limiter.hit('203.0.113.5');
    clock += windowMs + 1;
    await limiter.hit('198.51.100.7');
    const { results } = await d1.db.prepare('SELECT client_key FROM rate_limit_hits').all();
    expect(results).toEqual([{ client_key: '198.51.100.7' }]);
  });
});
