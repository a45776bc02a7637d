// A shop's day on the staff pages, over a real local D1 (issue 48): the CSV written from the inbox
// by whoever is signed in, amounts a spreadsheet sums, the booking kept after 完了, contacts that
// ring or mail from a phone, days typed as people write them, and a phone lead with its full date,
// its address and the mails it set off.
import { JSDOM } from 'jsdom';
import { parseCsv } from '../../parseCsv';
import { leadRequest, newLead } from '../../factories/estimate';
import { siteOf, workerOnD1 } from '../worker';

const secret = 'staff-secret-for-tests-0123456789abcdef';
const site = siteOf('yamada');
const worker = workerOnD1({ start: '2026-11-25T01:00:00.000Z', env: { STAFF_SECRET: secret } });
const lead = newLead({
  brand: 'yamada',
  receivedAt: '2026-11-24T01:00:00.000Z',
  request: leadRequest('yamada'),
});

beforeEach(async () => {
  await worker.reset();
  await worker.leads.insert(lead, '');
});

const call = (path: string, init: RequestInit = {}) =>
  worker.fetch(path, { brand: 'yamada', ...init });

function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signedIn(): Promise<{ Cookie: string }> {
  const answer = await post('/staff/login', { name: '佐藤', secret }, {});
  return { Cookie: answer.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

async function open(path: string, headers: Record<string, string>): Promise<Document> {
  const answer = await call(path, { headers });
  expect(answer.status, path).toBe(200);
  return new JSDOM(await answer.text()).window.document;
}

const words = (node: Element | null | undefined) =>
  (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The export's rows as objects keyed by header. */
async function exported(path: string, headers: Record<string, string>) {
  const answer = await call(path, { headers });
  expect(answer.status, path).toBe(200);
  const [header = [], ...rows] = parseCsv((await answer.text()).replace(/^\ufeff/, ''));
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

describe("a shop's day on the staff pages", () => {
  it('write the CSV from the inbox, audited under the name signed in; amounts as numbers, the booking kept after 完了', async () => {
    const headers = await signedIn();
    const stage = (fields: Record<string, string>) =>
      post(`/staff/leads/${lead.id}/stages`, fields, headers);
    await stage({ key: 'b', stage: 'booked', bookedFor: '2026-12-20T10:00', shop: '渋谷店' });
    await stage({ key: 'c', stage: 'completed', amount: '54,321' });

    const inbox = await open('/staff', headers);
    const form = [...inbox.querySelectorAll('form')].find((each) =>
      words(each).includes('CSVを書き出す'),
    );
    expect(form?.getAttribute('action')).toBe('/staff/export.csv');
    const from = form?.querySelector<HTMLInputElement>('[name="from"]');
    expect(from?.value).toBe('2026年11月1日（日）');
    expect(words(inbox.querySelector('tbody'))).toContain(
      '2026年12月20日（日）10:00・渋谷店・54,321円',
    );

    const query = new URLSearchParams({ from: from?.value ?? '', to: '2026年11月25日' });
    const [row] = await exported(`/staff/export.csv?${query}`, headers);
    expect(row).toMatchObject({
      受付番号: lead.id,
      段階: '完了',
      予約日時: '2026年12月20日（日）10:00',
      店舗: '渋谷店',
      '金額（円・税込）': '54321',
    });
    // Excel keeps what it opens as text: a phone and a postal code never lose their leading 0.
    expect(row?.['電話番号']).toMatch(/^0\d+-\d+-\d+$/);
    expect(row?.['郵便番号']).toMatch(/^〒\d{3}-\d{4}/);

    const audit = await open('/staff/audit', headers);
    expect(words(audit.querySelector('tbody'))).toContain(
      '佐藤CSVを出力2026年11月1日（日）〜2026年11月25日（水）（1件）',
    );
    const refused = await call('/staff/export.csv?from=きのう&to=2026-11-25', { headers });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain('2026年11月1日 のように');
  });

  it('ring and mail from a phone: the lead page links its number and address', async () => {
    const headers = await signedIn();
    const page = await open(`/staff/leads/${lead.id}`, headers);
    const { phone, email } = lead.request.customer;
    expect(page.querySelector(`a[href="tel:${phone}"]`)).not.toBeNull();
    expect(page.querySelector(`a[href="mailto:${email}"]`)?.textContent).toBe(email);
    const inbox = await open('/staff', headers);
    expect(inbox.querySelector(`tbody a[href="tel:${phone}"]`)).not.toBeNull();
    // Days shown and typed as people write them, never the browser's picker.
    const funnel = await open('/staff/funnel?from=2026/11/1&to=２０２６年１１月３日', headers);
    const day = funnel.querySelector<HTMLInputElement>('[name="to"]');
    expect(day?.type).toBe('text');
    expect(day?.value).toBe('2026年11月3日（火）');
  });

  it('take a phone lead with its full 車検満了日 and an address, and say which mails went out', async () => {
    const headers = await signedIn();
    const fields = {
      key: 'p1',
      lastName: '鈴木',
      kana: 'スズキ',
      phone: '03-1234-5678',
      expiry: '2027年3月15日',
    };
    const withAddress = await post(
      '/staff/leads',
      { ...fields, email: 'suzuki@example.com' },
      headers,
    );
    expect(withAddress.status).toBe(303);
    const page = await open(withAddress.headers.get('location')!, headers);
    const main = words(page.querySelector('main'));
    expect(main).toContain('2027年3月15日');
    expect(words(page.querySelector('[role="status"]'))).toBe(
      '記録しました。受付確認メールを suzuki@example.com に送っています（結果は「配信の状態」に出ます）。' +
        '店舗への通知メールは送りません（この画面で受け付けた依頼のため）。',
    );
    await worker.deliver();
    expect(worker.mails.map((mail) => mail.to)).toEqual([['suzuki@example.com']]);

    const without = await post(
      '/staff/leads',
      { ...fields, key: 'p2', phone: '03-1234-5679' },
      headers,
    );
    const plain = await open(without.headers.get('location')!, headers);
    expect(words(plain.querySelector('[role="status"]'))).toContain(
      'メールアドレスがないため、お客様へのメールは送っていません。',
    );
    // Without the query, a later visit says nothing of it.
    const later = await open(without.headers.get('location')!.split('?')[0]!, headers);
    expect(later.querySelector('[role="status"]')).toBeNull();
  });
});
