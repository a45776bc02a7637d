// The staff API (server/core/staffApi.ts) over the local origin's stores: a credential for every
// answer, one brand's leads only, stage changes once per Idempotency-Key, bad input refused in
// Japanese with nothing changed.
import { stageConversionNames } from '../../../server/platforms/stages';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLocalLeadStore,
  createMemoryRateLimiter,
  localNotifier,
} from '../../../server/node/localLeadStore';
import { createLocalStaffStore } from '../../../server/node/localStaff';
import { createApi, type Api } from '../../../server/app';
import { staffAccessOf } from '../../../server/staff/auth';
import type { StaffStore } from '../../../server/staff/store';
import type { BrandId } from '../../../src/brand/brands';
import { newLead } from '../../factories/estimate';
import { postalArea } from '../../factories/postal';

let dir: string;
let api: Api;
let staff: StaffStore;
const notified: string[] = [];
const secret = 'staff-secret-for-tests';
const lead = newLead({ brand: 'yamada' });

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'staff-api-'));
  const file = join(dir, 'estimates.jsonl');
  const store = createLocalLeadStore({ file });
  staff = createLocalStaffStore({ store, file });
  notified.length = 0;
  api = createApi({
    store,
    rateLimiter: createMemoryRateLimiter(),
    notifier: localNotifier,
    staffSecret: undefined,
    businessHours: () => ({ start: undefined, end: undefined }),
    postalArea,
    now: () => new Date('2026-11-25T01:00:00Z'),
    staff: {
      store: staff,
      access: staffAccessOf({ secret }),
      notifier: {
        stageChanged: (changed, channels) => {
          notified.push(`${changed.id} ${channels.join(',')}`);
          return Promise.resolve();
        },
      },
    },
  });
  await store.insert(lead, '');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const origin = (brand: BrandId) => `https://${brand}.example`;

function call(
  path: string,
  init: RequestInit & { brand?: BrandId; auth?: string | null } = {},
): Promise<Response> {
  const brand = init.brand ?? 'yamada';
  const headers = new Headers(init.headers);
  if (init.auth !== null) headers.set('Authorization', `Bearer ${init.auth ?? secret}`);
  const handler = api.route(path);
  if (!handler) throw new Error(`not routed: ${path}`);
  return handler(new Request(`${origin(brand)}${path}`, { ...init, headers }), {
    brand,
    clientKey: '127.0.0.1',
    siteOrigin: origin(brand),
  });
}

function postStage(body: unknown, key = 'key-1', init: { brand?: BrandId; auth?: string } = {}) {
  return call(`/api/staff/leads/${lead.id}/stages`, {
    ...init,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
    body: JSON.stringify(body),
  });
}

const booking = { stage: 'booked', bookedFor: '2026-12-19T10:00', shop: '本店' };

describe('the staff API', () => {
  it('answers nothing without a valid credential', async () => {
    for (const auth of [null, 'wrong']) {
      const answer = await call(`/api/staff/leads/${lead.id}`, { auth });
      expect(answer.status).toBe(401);
      expect(await answer.text()).not.toContain(lead.id);
      expect((await postStage(booking, 'k', { auth: auth ?? '' })).status).toBe(401);
    }
    expect(await staff.lead('yamada', lead.id)).toMatchObject({ history: [] });
  });

  it('reads the lead with its stages, and logs who read it', async () => {
    const answer = await call(`/api/staff/leads/${lead.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toMatchObject({
      id: lead.id,
      stage: { stage: 'new', progress: 0 },
      stages: [],
      deliveries: [],
      request: { customer: { lastName: '山田' } },
    });
    expect(await staff.auditLog('yamada', 10)).toEqual([
      {
        brand: 'yamada',
        at: '2026-11-25T01:00:00.000Z',
        actor: '共有キー',
        action: 'view',
        target: lead.id,
      },
    ]);
  });

  it("answers 404 for another brand's lead, read or changed", async () => {
    expect((await call(`/api/staff/leads/${lead.id}`, { brand: 'carsupport' })).status).toBe(404);
    expect((await postStage(booking, 'k', { brand: 'carsupport' })).status).toBe(404);
    expect((await staff.lead('yamada', lead.id))?.history).toEqual([]);
  });

  it('records a change once per Idempotency-Key, and sets off the 予約確定 mail once', async () => {
    const first = await postStage(booking);
    expect(first.status).toBe(201);
    const body = await first.json();
    expect(body).toMatchObject({
      change: {
        stage: 'booked',
        bookedFor: '2026-12-19T10:00+09:00',
        shop: '本店',
        actor: '共有キー',
      },
    });
    const replay = await postStage(booking);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(body);
    const reused = await postStage({ ...booking, shop: '別店' });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: 'idempotency-key-reused' });
    expect(notified).toEqual([`${lead.id} ${['bookingMail', ...stageConversionNames('booked')]}`]);
    expect((await staff.lead('yamada', lead.id))?.stage).toMatchObject({
      stage: 'booked',
      shop: '本店',
      progress: 2,
    });
  });

  it('keeps a corrected mistake in the history, both changes with who and when', async () => {
    await postStage({ stage: 'completed', amount: 54321 }, 'a');
    await postStage({ stage: 'booked', bookedFor: '2026-12-19T10:00', shop: '本店' }, 'b');
    const read = await staff.lead('yamada', lead.id);
    expect(read?.history.map((change) => [change.stage, change.actor, change.at])).toEqual([
      ['completed', '共有キー', '2026-11-25T01:00:00.000Z'],
      ['booked', '共有キー', '2026-11-25T01:00:00.000Z'],
    ]);
    expect(read?.stage).toMatchObject({ stage: 'booked', progress: 2 });
  });

  it('refuses bad input with a Japanese 422 and changes nothing', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ stage: 'completed', amount: -1 }, 'amount', /0以上の整数/],
      [{ stage: 'completed', amount: 1.5 }, 'amount', /0以上の整数/],
      [{ stage: 'booked', shop: '本店' }, 'bookedFor', /入庫日時が必要/],
      [
        { stage: 'booked', bookedFor: '2026-02-30T10:00', shop: '本店' },
        'bookedFor',
        /実在する日時/,
      ],
      [{ stage: 'excluded', reason: 'そのほか' }, 'reason', /いたずら・重複/],
      [{ stage: 'new' }, 'stage', /段階を選んでください/],
    ];
    for (const [index, [body, field, message]] of cases.entries()) {
      const answer = await postStage(body, `bad-${index}`);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect((await answer.json()).errors[field]).toMatch(message);
    }
    expect((await staff.lead('yamada', lead.id))?.history).toEqual([]);
    expect(notified).toEqual([]);
  });

  it('answers JSON nested 15,000 deep with 400 and changes nothing', async () => {
    const answer = await call(`/api/staff/leads/${lead.id}/stages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'deep' },
      body: `{"stage":"contacted","extra":${'['.repeat(15_000)}${']'.repeat(15_000)}}`,
    });
    expect(answer.status).toBe(400);
    expect((await staff.lead('yamada', lead.id))?.history).toEqual([]);
  });

  it('refuses a post from another site', async () => {
    const answer = await call(`/api/staff/leads/${lead.id}/stages`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': 'x',
        Origin: 'https://evil.example',
      },
      body: JSON.stringify(booking),
    });
    expect(answer.status).toBe(403);
    expect((await staff.lead('yamada', lead.id))?.history).toEqual([]);
  });

  it('is not routed without an access configured', () => {
    const off = createApi({
      store: createLocalLeadStore({ file: join(dir, 'other.jsonl') }),
      rateLimiter: createMemoryRateLimiter(),
      notifier: localNotifier,
      staffSecret: undefined,
      businessHours: () => ({ start: undefined, end: undefined }),
      postalArea,
      staff: {
        store: staff,
        access: staffAccessOf({}),
        notifier: { stageChanged: () => Promise.resolve() },
      },
    });
    expect(off.route(`/api/staff/leads/${lead.id}`)).toBeUndefined();
  });

  it('logs who exported which days', async () => {
    const withExport = createApi({
      store: createLocalLeadStore({ file: join(dir, 'estimates.jsonl') }),
      rateLimiter: createMemoryRateLimiter(),
      notifier: localNotifier,
      staffSecret: 'export-secret',
      businessHours: () => ({ start: undefined, end: undefined }),
      postalArea,
      now: () => new Date('2026-11-25T01:00:00Z'),
      staff: {
        store: staff,
        access: staffAccessOf({ secret }),
        notifier: { stageChanged: () => Promise.resolve() },
      },
    });
    const path = '/api/estimates.csv?from=2026-11-24&to=2026-11-24';
    const answer = await withExport.route('/api/estimates.csv')!(
      new Request(`${origin('yamada')}${path}`, {
        headers: { Authorization: 'Bearer export-secret' },
      }),
      { brand: 'yamada', clientKey: '127.0.0.1', siteOrigin: origin('yamada') },
    );
    expect(answer.status).toBe(200);
    expect(await staff.auditLog('yamada', 1)).toEqual([
      {
        brand: 'yamada',
        at: '2026-11-25T01:00:00.000Z',
        actor: 'CSV書き出し（EXPORT_SECRET）',
        action: 'export',
        target: '2026年11月24日（火）〜2026年11月24日（火）（1件）',
      },
    ]);
  });
});
