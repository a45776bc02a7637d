// The staff's pages (server/core/staffSite.ts) over the local origin's stores, as a browser
// without JavaScript uses them: sign in, read the inbox and a lead, record stages through the
// form, enter a phone lead, read the funnel and the audit.
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
import { erasedLead } from '../../../server/leads/retention';
import type { ChannelDelivery } from '../../../server/leads/store';
import { funnelBody, leadBody, noStageValues } from '../../../server/staff/pages';
import { leadRequest, newLead } from '../../factories/estimate';
import { postalArea } from '../../factories/postal';

let dir: string;
let api: Api;
let leads: ReturnType<typeof createLocalLeadStore>;
let staff: StaffStore;
const secret = 'staff-secret-for-tests';
const site = 'http://yamada-shaken.localhost:4173';
const lead = newLead({
  brand: 'yamada',
  receivedAt: '2026-11-24T01:00:00.000Z',
  request: leadRequest('yamada', {
    tracking: { source: 'google', inquiry_medium: 'cpc', campaign: 'winter', gaid: 'g-1' },
  }),
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'staff-site-'));
  const file = join(dir, 'estimates.jsonl');
  const store = createLocalLeadStore({ file });
  leads = store;
  staff = createLocalStaffStore({ store, file });
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
      notifier: { stageChanged: () => Promise.resolve() },
    },
  });
  await store.insert(lead, '');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function call(path: string, init: RequestInit = {}): Promise<Response> {
  const handler = api.route(new URL(path, site).pathname);
  if (!handler) throw new Error(`not routed: ${path}`);
  return handler(new Request(new URL(path, site), init), {
    brand: 'yamada',
    clientKey: '127.0.0.1',
    siteOrigin: site,
  });
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signedIn(): Promise<Record<string, string>> {
  const answer = await post('/staff/login', { name: '佐藤', secret }, { Origin: site });
  expect(answer.status).toBe(303);
  const cookie = answer.headers.get('set-cookie') ?? '';
  return { Cookie: cookie.split(';')[0]! };
}

describe('the staff pages', () => {
  it('ask for the sign-in, and are noindex, no-store and under a strict CSP', async () => {
    const answer = await call('/staff');
    expect(answer.status).toBe(401);
    const body = await answer.text();
    expect(body).toContain('スタッフ用の共有キー');
    expect(body).not.toContain(lead.id);
    expect(body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/,
    );
  });

  it('sign in only with the secret, from the site itself', async () => {
    expect((await post('/staff/login', { name: '佐藤', secret }, {})).status).toBe(403);
    const wrong = await post('/staff/login', { name: '佐藤', secret: 'nope' }, { Origin: site });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('共有キーが違います。');
    const headers = await signedIn();
    const inbox = await call('/staff', { headers });
    expect(inbox.status).toBe(200);
    const body = await inbox.text();
    expect(body).toContain(`<a href="/staff/leads/${lead.id}">${lead.id}</a>`);
    expect(body).toContain('090-1234-5678');
    expect(body).toContain('2026年11月24日（火）10:00');
    expect(body).toContain('未対応');
  });

  it('record stages through the form, and keep a bad entry with its Japanese message', async () => {
    const headers = await signedIn();
    const path = `/staff/leads/${lead.id}/stages`;
    const booking = { key: 'k1', stage: 'booked', bookedFor: '2026-12-19T10:00', shop: '本店' };
    expect((await post(path, booking, headers)).status).toBe(403);
    const bad = await post(
      path,
      { ...booking, stage: 'completed', amount: '-5' },
      { ...headers, Origin: site },
    );
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('請求金額は0以上の整数（円・税込）で入力してください。');
    expect((await staff.lead('yamada', lead.id))?.history).toEqual([]);
    const good = await post(path, booking, { ...headers, Origin: site });
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe(`/staff/leads/${lead.id}`);
    const page = await (await call(`/staff/leads/${lead.id}`, { headers })).text();
    expect(page).toContain('予約確定（2026年12月19日（土）10:00・本店）');
    expect(page).toMatch(
      /<td>2026年11月25日（水）10:00<\/td><td>予約確定[^<]*<\/td><td>佐藤<\/td>/,
    );
    expect(page).toContain('〒123-4567');
  });

  it('enter a phone lead as 電話, contacted, found by its phone', async () => {
    const headers = { ...(await signedIn()), Origin: site };
    const fields = {
      key: 'p1',
      lastName: '鈴木',
      kana: 'すずき',
      phone: '03-1234-5678',
      model: 'プリウス',
    };
    const refused = await post('/staff/leads', { ...fields, phone: '12' }, headers);
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('電話番号は 090-1234-5678 のように');
    const created = await post('/staff/leads', fields, headers);
    expect(created.status).toBe(303);
    const again = await post('/staff/leads', fields, headers);
    expect(again.headers.get('location')).toBe(created.headers.get('location'));
    const found = await (await call('/staff?q=0312345678', { headers })).text();
    expect(found).toContain('鈴木');
    expect(found).not.toContain(lead.id);
    const page = await (await call(created.headers.get('location')!, { headers })).text();
    expect(page).toContain('電話（スタッフが入力）');
    expect(page).toContain('連絡済み');
    expect((await call('/staff?q=スズ', { headers })).status).toBe(200);
  });

  it('count the funnel with rates and the sum of 完了, and show who did what', async () => {
    const headers = await signedIn();
    await post(
      `/staff/leads/${lead.id}/stages`,
      { key: 'c', stage: 'completed', amount: '54,321' },
      { ...headers, Origin: site },
    );
    const funnel = await (
      await call('/staff/funnel?from=2026-11-01&to=2026-11-30', { headers })
    ).text();
    expect(funnel).toContain(
      '<th scope="row">google</th><td class="n">1</td><td class="n">1（100.0%）</td><td class="n">1（100.0%）</td><td class="n">1（100.0%）</td><td class="n">54,321円</td>',
    );
    expect(funnel).toContain('<th scope="row">Google 広告</th>');
    expect(funnel).toContain('<th scope="row">winter</th>');
    await call('/staff?stage=completed', { headers });
    const log = await (await call('/staff/audit', { headers })).text();
    expect(log).toContain('<td>一覧を表示</td><td>1件 完了</td>');
    expect(log).toMatch(/<td>佐藤<\/td><td>段階を記録<\/td><td><a href="\/staff\/leads\/[^"]+">/);
    expect(log).toContain(
      '<td>ファネルを表示</td><td>2026年11月1日（日）〜2026年11月30日（月）</td>',
    );
  });

  it('say plainly that a lead past the retention period was erased, in the inbox and on its page', async () => {
    const headers = await signedIn();
    const old = newLead({ receivedAt: '2026-11-23T01:00:00.000Z' });
    await leads.insert(erasedLead(old, '2029-11-24T01:00:00.000Z'), '');
    const inbox = await (await call('/staff', { headers })).text();
    expect(inbox).toContain('（保存期間を過ぎ消去済み）');
    const page = await (await call(`/staff/leads/${old.id}`, { headers })).text();
    expect(page).toContain(
      '保存期間（3年）を過ぎたため、個人情報は消去済みです（2029年11月24日（土）10:00に消去）',
    );
    expect(page).not.toContain('山田');
    expect(page).not.toContain('〒123-4567');
  });
});

describe('the ad platforms on the staff pages', () => {
  const delivery = (channel: string, rest: Partial<ChannelDelivery>): ChannelDelivery => ({
    channel,
    state: 'sent',
    sentAt: '2026-11-24T01:05:00.000Z',
    attempts: 0,
    lastError: null,
    deadLetteredAt: null,
    ...rest,
  });
  const form = { key: 'k', values: noStageValues, errors: {} };

  it('show per platform what it was told and what it reported, never 計上', () => {
    const page = leadBody(
      {
        ...lead,
        stage: { stage: 'new', changedAt: null, progress: 0 },
        history: [],
        deliveries: [
          delivery('webhook', {}),
          delivery('google', {
            report: 'partial',
            reportedAt: '2026-11-24T02:00:00.000Z',
            lastError: 'クリックIDが無効です',
          }),
          delivery('meta', {
            state: 'skipped',
            sentAt: null,
            lastError: 'ユーザーエージェントなし',
          }),
          delivery('yahoo', { state: 'skipped', sentAt: null, lastError: '同意なし' }),
        ],
      },
      '',
      form,
    );
    const platforms = page.slice(page.indexOf('<h2>広告媒体への送信</h2>'));
    expect(platforms).toContain('取込済は、媒体がデータを受け取り処理したという報告で、');
    expect(platforms).toContain(
      '<th scope="rowgroup" rowspan="3">Google 広告</th><td>見積もり依頼</td><td>一部失敗 2026年11月24日（火）11:00（クリックIDが無効です）</td></tr><tr><td>予約確定</td><td>記録なし</td></tr><tr><td>完了</td><td>記録なし</td>',
    );
    expect(platforms).toContain('<td>送信なし（ユーザーエージェントなし）</td>');
    expect(platforms).toContain('<td>送信なし（同意なし）</td>');
    expect(platforms).toMatch(/LINE広告<\/th><td>見積もり依頼<\/td><td>記録なし<\/td>/);
    expect(page).not.toContain('計上');
    // The webhook stays in 配信の状態; the platforms are not listed twice.
    const states = page.slice(
      page.indexOf('<h2>配信の状態</h2>'),
      page.indexOf('<h2>広告媒体への送信</h2>'),
    );
    expect(states).toContain('Webhook');
    expect(states).not.toContain('Google 広告');
  });

  it('count per platform the leads its clicks brought, what was sent, taken in and failed', () => {
    const rows = [
      {
        source: 'google',
        medium: 'cpc',
        campaign: '',
        platform: 'Google 広告',
        leads: 3,
        contacted: 2,
        booked: 1,
        completed: 1,
        amount: 54321,
      },
      {
        source: '',
        medium: '',
        campaign: '',
        platform: '',
        leads: 2,
        contacted: 0,
        booked: 0,
        completed: 0,
        amount: 0,
      },
    ];
    const counts = [{ channel: 'google', sent: 4, accepted: 3, failed: 1 }];
    const body = funnelBody(rows, counts, '2026-11-01', '2026-11-30', {});
    expect(body).toContain(
      '<th scope="rowgroup" rowspan="3">Google 広告</th><td class="n" rowspan="3">3</td><td class="n" rowspan="3">1</td><td class="n" rowspan="3">54,321円</td><td>見積もり依頼</td><td class="n">4</td><td class="n">3</td><td class="n">1</td>',
    );
    expect(body).toContain(
      '<th scope="rowgroup" rowspan="3">Meta 広告</th><td class="n" rowspan="3">0</td>',
    );
    const local = funnelBody(rows, null, '2026-11-01', '2026-11-30', {});
    expect(local).toContain('この環境では送信を記録していないため「—」です。');
  });
});
