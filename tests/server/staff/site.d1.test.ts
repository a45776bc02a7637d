// The staff's pages (server/staff/site.tsx) on the Worker's app over a real local D1, as a browser
// without JavaScript uses them: sign in, read the inbox and a lead, record stages through the form,
// enter a phone lead, read the funnel and the audit, sign out. Each page is read as a person reads
// it (jsdom): its text, its tables' cells, its form's values.
import { createHash } from 'node:crypto';
import { JSDOM } from 'jsdom';
import type { Env } from '../../../server/env';
import { messages } from '../../../server/http/messages';
import { sweepOutbox } from '../../../server/jobs/outboxSweep';
import { erasedLead } from '../../../server/leads/retention';
import { accessControl } from '../../../src/content/privacyPromises';
import { pages as yamadaPages } from '../../../src/content/yamada/pages';
import { leadRequest, newLead } from '../../factories/estimate';
import { stageChange } from '../d1';
import { notFoundPage, siteOf, withD1Down, workerOnD1 } from '../worker';

const secret = 'staff-secret-for-tests-0123456789abcdef';
const site = siteOf('yamada');
const worker = workerOnD1({ start: '2026-11-25T01:00:00.000Z', env: { STAFF_SECRET: secret } });
const lead = newLead({
  brand: 'yamada',
  receivedAt: '2026-11-24T01:00:00.000Z',
  request: leadRequest('yamada', {
    tracking: { source: 'google', inquiry_medium: 'cpc', campaign: 'winter', gaid: 'g-1' },
  }),
});

beforeEach(async () => {
  await worker.reset();
  await worker.leads.insert(lead, '');
});

function call(path: string, init: RequestInit & { env?: Env } = {}): Promise<Response> {
  return worker.fetch(path, { brand: 'yamada', ...init });
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signedIn(): Promise<{ Cookie: string }> {
  const answer = await post('/staff/login', { name: '佐藤', secret }, { Origin: site });
  expect(answer.status).toBe(303);
  return { Cookie: answer.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

async function read(response: Response): Promise<Document> {
  return new JSDOM(await response.text()).window.document;
}

async function open(path: string, headers: Record<string, string>): Promise<Document> {
  const answer = await call(path, { headers });
  expect(answer.status, path).toBe(200);
  return read(answer);
}

/** What a person reads in an element: its text, spaces as one. */
const words = (node: Element | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The rows of the first table after the heading `heading`, each as its cells' words. */
function table(document: Document, heading: string): string[][] {
  const h2 = [...document.querySelectorAll('h2')].find((each) => words(each) === heading);
  let section: Element | null | undefined = h2?.nextElementSibling;
  while (section && section.tagName !== 'H2' && !section.querySelector('table')) {
    section = section.nextElementSibling;
  }
  const found = section?.tagName === 'H2' ? null : section?.querySelector('table');
  if (!found) throw new Error(`no table under ${heading}`);
  return [...found.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('th, td')].map(words),
  );
}

const value = (document: Document, name: string) =>
  document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value;

describe('the staff pages', () => {
  it('ask for the sign-in, and are noindex, no-store and under a strict CSP', async () => {
    const answer = await call('/staff');
    expect(answer.status).toBe(401);
    expect(answer.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const csp = answer.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(
      /^default-src 'none'; style-src 'sha256-[^']+'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/,
    );
    const page = await read(answer);
    expect(words(page.querySelector('h1'))).toBe('サインイン');
    expect(words(page.querySelector('label[for="f-secret"]'))).toBe('スタッフ用の共有キー');
    expect(page.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(words(page.body)).not.toContain(lead.id);
    // The page's one style sheet is the one the CSP allows, so a browser applies it.
    const style = page.querySelector('style')?.textContent ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
  });

  it('sign in only with the secret, from the site itself, and sign out', async () => {
    const crossSite = await post('/staff/login', { name: '佐藤', secret }, {});
    expect(crossSite.status).toBe(403);
    expect(words((await read(crossSite)).querySelector('main'))).toContain(messages.crossSite);
    const wrong = await post('/staff/login', { name: '佐藤', secret: 'nope' }, { Origin: site });
    expect(wrong.status).toBe(401);
    const refused = await read(wrong);
    expect(words(refused.querySelector('[role="alert"]'))).toBe('共有キーが違います。');
    expect(value(refused, 'name')).toBe('佐藤');

    const headers = await signedIn();
    const inbox = await open('/staff', headers);
    expect(words(inbox.querySelector('header'))).toContain('佐藤');
    const link = inbox.querySelector(`a[href="/staff/leads/${lead.id}"]`);
    expect(words(link)).toBe(lead.id);
    const cells = [...(link?.closest('tr')?.querySelectorAll('td') ?? [])].map(words);
    expect(cells).toEqual(
      expect.arrayContaining(['2026年11月24日（火）10:00', '090-1234-5678', '新規 未対応']),
    );

    expect((await post('/staff/logout', {}, headers)).status).toBe(403);
    const out = await post('/staff/logout', {}, { ...headers, Origin: site });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/staff/login');
    expect(out.headers.get('set-cookie')).toMatch(/^__Host-staff_session=; .*Max-Age=0$/);
    // The session ended on the server: a copy of its cookie opens nothing after.
    expect((await call('/staff', { headers })).status).toBe(401);
  });

  it('throttle failed sign-ins per client with a Japanese 429, right secret or not, and audit each', async () => {
    // What the privacy policy's safety measures promise of this page (and ログアウト above).
    expect(JSON.stringify(yamadaPages.privacypolicy)).toContain(accessControl);
    const from = (ip: string, typed: string) =>
      worker.fetch('/staff/login', {
        brand: 'yamada',
        ip,
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site },
        body: new URLSearchParams({ name: '誰か', secret: typed }).toString(),
      });
    for (let i = 0; i < 10; i += 1) expect((await from('198.51.100.7', 'guess')).status).toBe(401);
    const throttled = await from('198.51.100.7', secret);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('600');
    expect(words((await read(throttled)).querySelector('[role="alert"]'))).toBe(
      'サインインの失敗が続いたため、受け付けを一時停止しています。10分ほどおいてもう一度お試しください。',
    );
    expect((await from('198.51.100.8', secret)).status).toBe(303);
    const audited = await worker.staff.auditLog('yamada', 20);
    expect(audited.filter((entry) => entry.action === 'signInFailed')).toHaveLength(10);
    expect(audited[0]).toMatchObject({ actor: '誰か（認証失敗）', target: '198.51.100.7' });
    worker.clock.advance(600_000);
    expect((await from('198.51.100.7', secret)).status).toBe(303);
  });

  it('record stages through the form, and keep a bad entry with its Japanese message', async () => {
    const headers = await signedIn();
    const path = `/staff/leads/${lead.id}/stages`;
    const booking = { key: 'k1', stage: 'booked', bookedFor: '2026-12-19T10:00', shop: '本店' };
    const crossSite = await post(path, booking, headers);
    expect(crossSite.status).toBe(403);
    expect(words((await read(crossSite)).querySelector('h1'))).toBe(messages.crossSite);

    const bad = await post(
      path,
      { ...booking, stage: 'completed', amount: '-5' },
      { ...headers, Origin: site },
    );
    expect(bad.status).toBe(422);
    const kept = await read(bad);
    const message = '請求金額は0以上10,000,000以下の整数（円・税込）で入力してください。';
    expect(words(kept.querySelector('[role="alert"]'))).toContain(message);
    expect(words(kept.querySelector('#f-amount-error'))).toBe(message);
    expect(value(kept, 'amount')).toBe('-5');
    expect(kept.querySelector<HTMLInputElement>('input[value="completed"]')?.checked).toBe(true);
    expect((await worker.staff.lead('yamada', lead.id))?.history).toEqual([]);

    const good = await post(path, booking, { ...headers, Origin: site });
    expect(good.status).toBe(303);
    expect(good.headers.get('location')).toBe(`/staff/leads/${lead.id}`);
    const page = await open(`/staff/leads/${lead.id}`, headers);
    expect(words(page.querySelector('.stage'))).toBe('予約確定（2026年12月19日（土）10:00・本店）');
    expect(table(page, '段階の履歴')).toEqual([
      ['2026年11月25日（水）10:00', '予約確定（2026年12月19日（土）10:00・本店）', '佐藤'],
    ]);
    expect(words(page.querySelector('main'))).toContain('〒123-4567');
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
    const form = await read(refused);
    expect(words(form.querySelector('#f-phone-error'))).toContain(
      '電話番号は 090-1234-5678 のように',
    );
    expect(value(form, 'lastName')).toBe('鈴木');
    const created = await post('/staff/leads', fields, headers);
    expect(created.status).toBe(303);
    const again = await post('/staff/leads', fields, headers);
    expect(again.headers.get('location')).toBe(created.headers.get('location'));

    const found = words((await open('/staff?q=0312345678', headers)).querySelector('main'));
    expect(found).toContain('鈴木');
    expect(found).not.toContain(lead.id);
    const byReading = words((await open('/staff?q=スズ', headers)).querySelector('tbody'));
    expect(byReading).toContain('鈴木');
    const page = await open(created.headers.get('location')!, headers);
    expect(words(page.querySelector('main'))).toContain('電話（スタッフが入力）');
    expect(words(page.querySelector('.stage'))).toBe('連絡済み');

    // Its channels are decided at entry: the outbox sweep, 20 minutes on, finds nothing stranded.
    const phoneLeadId = new URL(created.headers.get('location')!, site).pathname.split('/').at(-1)!;
    expect((await worker.leads.get(phoneLeadId))?.deliveries?.length).toBeGreaterThan(0);
    await worker.deliver();
    const mailed = worker.mails.length;
    worker.clock.advance(20 * 60_000);
    await sweepOutbox(worker.env, worker.clock.now);
    expect(worker.queued).toEqual([]);
    expect(worker.mails).toHaveLength(mailed);
  });

  it('count the funnel with rates and the sum of 完了, and show who did what', async () => {
    const headers = await signedIn();
    await post(
      `/staff/leads/${lead.id}/stages`,
      { key: 'c', stage: 'completed', amount: '54,321' },
      { ...headers, Origin: site },
    );
    const funnel = await open('/staff/funnel?from=2026-11-01&to=2026-11-30', headers);
    const counted = [
      '1',
      '1（100.0%）',
      '1（100.0%）',
      '1（100.0%）',
      '54,321円',
      '0（0.0%）',
      '0（0.0%）',
    ];
    expect(table(funnel, '参照元（utm_source）別')).toEqual([['google', ...counted]]);
    expect(table(funnel, 'キャンペーン（utm_campaign）別')).toEqual([['winter', ...counted]]);
    expect(table(funnel, '広告媒体（クリックID）別')).toEqual([['Google 広告', ...counted]]);

    await open('/staff?stage=completed', headers);
    const audit = await open('/staff/audit', headers);
    const entries = [...audit.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].slice(1).map(words),
    );
    expect(entries).toEqual(
      expect.arrayContaining([
        ['佐藤', '一覧を表示', '1件 完了'],
        ['佐藤', '段階を記録', lead.id],
        ['佐藤', 'ファネルを表示', '2026年11月1日（日）〜2026年11月30日（月）'],
      ]),
    );
    const staged = [...audit.querySelectorAll('tbody tr')].find((row) =>
      words(row).includes('段階を記録'),
    );
    expect(staged?.querySelector('a')?.getAttribute('href')).toBe(`/staff/leads/${lead.id}`);
  });

  it('say plainly that a lead past the retention period was erased, in the inbox and on its page', async () => {
    const headers = await signedIn();
    const old = newLead({ receivedAt: '2026-11-23T01:00:00.000Z' });
    await worker.leads.insert(old, '');
    await worker.leads.erase([erasedLead(old, '2029-11-24T01:00:00.000Z')]);
    const inbox = await open('/staff', headers);
    const row = inbox.querySelector(`a[href="/staff/leads/${old.id}"]`)?.closest('tr');
    expect(words(row)).toContain('（保存期間を過ぎ消去済み）');
    const page = words((await open(`/staff/leads/${old.id}`, headers)).querySelector('main'));
    expect(page).toContain(
      '保存期間（3年）を過ぎたため、個人情報は消去済みです（2029年11月24日（土）10:00に消去）',
    );
    expect(page).not.toContain('山田');
    expect(page).not.toContain('〒123-4567');
  });

  it('refuse a stage form sent again with other values, asking to open the page anew', async () => {
    const headers = { ...(await signedIn()), Origin: site };
    const path = `/staff/leads/${lead.id}/stages`;
    expect((await post(path, { key: 'k1', stage: 'contacted' }, headers)).status).toBe(303);
    // The same form again (the browser's back button), now saying 失注.
    const again = await post(path, { key: 'k1', stage: 'lost', reason: '他社で' }, headers);
    expect(again.status).toBe(422);
    expect(words((await read(again)).querySelector('[role="alert"]'))).toContain(
      'この画面からは記録済みです。画面を開き直して、もう一度記録してください。',
    );
    const history = (await worker.staff.lead('yamada', lead.id))?.history;
    expect(history?.map((change) => change.stage)).toEqual(['contacted']);
  });

  it('say so in a page, not a stack trace, when the store cannot answer', async () => {
    const headers = await signedIn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await call('/staff', { headers, env: withD1Down(worker.env) });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const page = await read(answer);
    expect(words(page.querySelector('main'))).toContain(messages.staffUnavailable);
    expect(words(page.body)).not.toContain('D1 is down');
  });

  it('answer a method a page does not take with 405 and what it takes', async () => {
    const headers = { ...(await signedIn()), Origin: site };
    const got = await call('/staff/leads', { headers });
    expect(got.status).toBe(405);
    expect(got.headers.get('allow')).toBe('POST');
    const posted = await post('/staff/funnel', {}, headers);
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect((await call('/staff/logout', { headers })).headers.get('allow')).toBe('POST');
  });

  it('behind Cloudflare Access, send a person without its token there, with no sign-in of their own', async () => {
    const access = {
      ...worker.env,
      ACCESS_TEAM_DOMAIN: 'shop-team.cloudflareaccess.com',
      ACCESS_AUD: 'aud-of-yamada',
    };
    const refused = await call('/staff', { env: access });
    expect(refused.status).toBe(401);
    expect(words((await read(refused)).querySelector('main'))).toContain(
      'このページは Cloudflare Access でサインインしてから開いてください。',
    );
    const login = await call('/staff/login', { env: access });
    expect(login.status).toBe(404);
    expect(await login.text()).toBe(notFoundPage);
  });
});

describe('the ad platforms on the staff pages', () => {
  it('show per platform what it was told and what it reported, never 計上', async () => {
    const headers = await signedIn();
    const { deliveries } = worker;
    await deliveries.decided(
      lead.id,
      [
        ['webhook', { kind: 'send' }],
        ['meta', { kind: 'skip', reason: 'ユーザーエージェントなし' }],
        ['yahoo', { kind: 'skip', reason: '同意なし' }],
      ],
      '2026-11-24T01:00:01.000Z',
    );
    await deliveries.sent(lead.id, 'webhook', '2026-11-24T01:05:00.000Z');
    await deliveries.sent(lead.id, 'google', '2026-11-24T01:05:00.000Z', { receipt: 'r-1' });
    const reportedAt = '2026-11-24T02:00:00.000Z';
    await deliveries.reported(lead.id, 'google', 'partial', 'クリックIDが無効です', reportedAt);

    const page = await open(`/staff/leads/${lead.id}`, headers);
    const platforms = table(page, '広告媒体への送信');
    expect(platforms.slice(0, 6)).toEqual([
      ['Google 広告', '見積もり依頼', '一部失敗 2026年11月24日（火）11:00（クリックIDが無効です）'],
      ['予約確定', '記録なし'],
      ['完了', '記録なし'],
      ['Meta 広告', '見積もり依頼', '送信なし（ユーザーエージェントなし）'],
      ['予約確定', '記録なし'],
      ['完了', '記録なし'],
    ]);
    expect(platforms).toContainEqual(['Yahoo!広告', '見積もり依頼', '送信なし（同意なし）']);
    expect(platforms).toContainEqual(['LINE広告', '見積もり依頼', '記録なし']);
    const heading = [...page.querySelectorAll('h2')].find((h2) => words(h2) === '広告媒体への送信');
    expect(words(heading?.nextElementSibling)).toContain(
      '取込済は、媒体がデータを受け取り処理したという報告で、',
    );
    expect(words(page.body)).not.toContain('計上');
    // The webhook stays in 配信の状態; the platforms are not listed twice.
    const states = table(page, '配信の状態').map((row) => row[0]);
    expect(states).toEqual(['Webhook']);
  });

  it('count per platform the leads its clicks brought, what was sent, taken in and failed', async () => {
    const headers = await signedIn();
    const clicked = () =>
      newLead({ request: leadRequest('yamada', { tracking: { source: 'google', gaid: 'g' } }) });
    const direct = () => newLead({ request: leadRequest('yamada', { tracking: {} }) });
    const [done, taken, refused, contactOnly, waiting] = [
      clicked(),
      clicked(),
      clicked(),
      direct(),
      direct(),
    ];
    for (const each of [done, taken, refused, contactOnly, waiting]) {
      await worker.leads.insert(each, '');
    }
    await worker.staff.recordStage(
      'yamada',
      stageChange(done.id, { stage: 'completed', amount: 54321, progress: 3 }),
    );
    const { deliveries } = worker;
    const at = '2026-11-24T01:05:00.000Z';
    for (const each of [done, taken, contactOnly]) {
      await deliveries.sent(each.id, 'google', at, { receipt: `r-${each.id}` });
      await deliveries.reported(each.id, 'google', 'accepted', null, at);
    }
    await deliveries.sent(refused.id, 'google', at, { receipt: 'r-refused' });
    await deliveries.reported(refused.id, 'google', 'failed', 'クリックIDが無効です', at);
    await deliveries.sent(waiting.id, 'google', at, { receipt: 'r-waiting' });

    const funnel = await open('/staff/funnel?from=2026-11-01&to=2026-11-30', headers);
    const rows = table(funnel, '広告媒体別（送信と報告）');
    // The lead in the setup (lead) came from a Google click too: four in all.
    expect(rows[0]).toEqual(['Google 広告', '4', '1', '54,321円', '見積もり依頼', '4', '3', '1']);
    expect(rows[1]).toEqual(['予約確定', '0', '0', '0']);
    expect(rows).toContainEqual(['Meta 広告', '0', '0', '0円', '見積もり依頼', '0', '0', '0']);
  });
});
