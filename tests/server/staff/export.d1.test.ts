// The staff CSV export (GET /api/estimates.csv, server/staff/export.ts) on the Worker's app over a
// real local D1: leads as visitors sent them through POST /api/estimates, listed for the days asked
// in Japan, one row per lead with its stage and each channel's state, every formula-like cell
// neutralised, and each export in the staff's audit.
import { messages } from '../../../server/http/messages';
import { brands } from '../../../src/brand/brands';
import { honeypotField } from '../../../src/estimate/contract/validation/estimateSchema';
import { validRequest } from '../../factories/estimate';
import { parseCsv } from '../../parseCsv';
import { stageChange } from '../d1';
import { notFoundPage, workerOnD1, withD1Down } from '../worker';

const secret = 'export-secret-0123456789';
// 00:30 on 25 November in Japan, still the 24th in UTC.
const worker = workerOnD1({ start: '2026-11-24T15:30:00.000Z', env: { EXPORT_SECRET: secret } });
const today = 'from=2026-11-25&to=2026-11-25';

beforeEach(() => worker.reset());

function lead(overrides: Partial<Record<string, string>> = {}, notes = 'よろしく') {
  const { model, lastName } = overrides;
  return validRequest('yamada', {
    entryPoint: 'header',
    vehicle: model === undefined ? {} : { model },
    customer: lastName === undefined ? {} : { lastName },
    request: { notes },
    tracking: { source: 'google', lp_entry_url: '/?utm_source=google' },
  });
}

/** Posts each body as a visitor's browser does, a minute apart; their ids, in order. */
async function storeLeads(bodies: unknown[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, body] of bodies.entries()) {
    if (index > 0) worker.clock.advance(60_000);
    const response = await worker.fetch('/api/estimates', {
      brand: 'yamada',
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `k${index}` },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

function exportCsv(authorization: string | null = `Bearer ${secret}`, query = today) {
  return worker.fetch(`/api/estimates.csv?${query}`, {
    brand: 'yamada',
    headers: authorization === null ? {} : { Authorization: authorization },
  });
}

/** The export's rows by column name. */
async function exportedRows(): Promise<Record<string, string>[]> {
  const [header = [], ...rows] = parseCsv(await (await exportCsv()).text());
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]!])));
}

describe('GET /api/estimates.csv', () => {
  it.each([
    ['no Authorization', null],
    ['a wrong secret', 'Bearer wrong'],
    ['the secret with a suffix', `Bearer ${secret}x`],
    ['the secret without Bearer', secret],
    ['Basic auth', `Basic ${btoa(`staff:${secret}`)}`],
  ])('answers %s with 401 and lists nothing', async (_name, authorization) => {
    await storeLeads([lead()]);
    const response = await exportCsv(authorization);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const body = await response.text();
    expect(body).toBe(messages.unauthorized);
    expect(body).not.toContain('山田');
    expect(await worker.staff.auditLog('yamada', 10)).toEqual([]);
  });

  it('is not there without a secret configured: the site’s 404 page', async () => {
    await storeLeads([lead()]);
    const response = await worker.fetch(`/api/estimates.csv?${today}`, {
      brand: 'yamada',
      env: { ...worker.env, EXPORT_SECRET: '' },
      headers: { Authorization: 'Bearer ' },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(notFoundPage);
  });

  it('lists the leads as CSV: BOM, CRLF, quoted cells, the columns staff call by', async () => {
    const [first] = await storeLeads([lead(), { ...lead({ model: 'FIT' }), [honeypotField]: 'x' }]);
    const response = await exportCsv();

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="estimates-yamada-2026-11-25-2026-11-25.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^"受付日時","受付番号","ブランド","入力元","スパム疑い","お名前"/u);
    // For people: received at in Japan, the brand's name, what the visitor used, the phone as
    // written (Excel keeps it text).
    expect(lines[1]).toContain(
      `"2026年11月25日（水）0:30","${first}","ヤマダ車検","ページ上部の「無料見積もり」ボタン","","山田 花子","ヤマダ ハナコ","090-1234-5678"`,
    );
    expect(lines[2]).toContain('"スパム疑い"');
    // Each attribution value in a column of its own, so a marketer filters by campaign.
    const [header = [], row = []] = parseCsv(text);
    expect(row[header.indexOf('参照元（utm_source）')]).toBe('google');
    expect(row[header.indexOf('最初に開いたページ')]).toBe('/?utm_source=google');
    // The request's fields together, before attribution, the stage and delivery.
    expect(header.indexOf('備考')).toBeLessThan(header.indexOf('参照元（utm_source）'));
    expect(header.indexOf('参照元（utm_source）')).toBeLessThan(header.indexOf('段階'));
    expect(header.indexOf('段階')).toBeLessThan(header.indexOf('配信（Webhook）'));
    // One column per delivery channel, the ad platforms' stages last.
    expect(lines[0]).toMatch(
      /,"配信（店舗通知メール）","配信（確認メール）","配信（予約確定メール）","配信（予約変更メール）","配信（店舗への予約変更通知）","配信（3日前のご案内）","配信（前日のご案内）","配信（来店なしのご案内）","配信（次回車検のご案内（60日前））","配信（次回車検のご案内（30日前））","配信（Google 広告）","配信（Meta 広告）","配信（Yahoo!広告）","配信（Yahoo!検索広告）","配信（LINE広告）","配信（Google 広告・予約確定）",.*,"配信（LINE広告・完了）"$/u,
    );
  });

  it("shows each channel's state as the queue left it", async () => {
    await storeLeads([lead(), { ...lead({ model: 'FIT' }), [honeypotField]: 'x' }]);
    const queued = await exportedRows();
    expect(queued.map((row) => row['配信（確認メール）'])).toEqual([
      '未配信',
      '送信なし（スパム疑い）',
    ]);
    await worker.deliver();
    const [visitor, spam] = await exportedRows();
    expect(visitor?.['配信（確認メール）']).toMatch(
      /^配信済み \d{4}年\d{1,2}月\d{1,2}日（.）\d{1,2}:\d{2}$/,
    );
    // Not configured here: no webhook, no shop address, no ad platform.
    expect(visitor).toMatchObject({
      '配信（Webhook）': '設定なし',
      '配信（店舗通知メール）': '設定なし',
      '配信（Google 広告）': '設定なし',
      // A stage's channels are decided when the lead reaches it.
      '配信（予約確定メール）': '',
      '配信（Google 広告・完了）': '',
    });
    expect(spam?.['配信（確認メール）']).toBe('送信なし（スパム疑い）');
  });

  it("shows each lead's stage, booking and amount", async () => {
    const [booked, completed, fresh] = await storeLeads([
      lead(),
      lead({ model: 'FIT' }),
      lead({ model: 'N-WGN' }),
    ]);
    await worker.staff.recordStage(
      'yamada',
      stageChange(booked!, {
        stage: 'booked',
        bookedFor: '2026-12-19T10:00+09:00',
        shop: '渋谷店',
        progress: 2,
      }),
    );
    await worker.staff.recordStage(
      'yamada',
      stageChange(completed!, { stage: 'completed', amount: 54321, progress: 3 }),
    );
    const rows = await exportedRows();
    const cells = (id: string | undefined) => {
      const row = rows.find((each) => each['受付番号'] === id);
      return [row?.['段階'], row?.['段階の更新日時'], row?.['予約日時'], row?.['店舗']].concat(
        row?.['金額（円・税込）'],
      );
    };
    expect(cells(booked)).toEqual([
      '予約確定',
      '2026年11月25日（水）10:00',
      '2026年12月19日（土）10:00',
      '渋谷店',
      '',
    ]);
    expect(cells(completed)).toEqual(['完了', '2026年11月25日（水）10:00', '', '', '54321']);
    expect(cells(fresh)).toEqual(['新規', '', '', '', '']);
  });

  it('neutralises every formula-like cell, full-width ones included', async () => {
    await storeLeads([
      lead({ model: '=HYPERLINK("https://evil.example","詳細")', lastName: '+cmd' }, '-1'),
      lead({ model: '@SUM(A1)' }),
      lead(
        { model: '＝ＨＹＰＥＲＬＩＮＫ（"https://evil.example"）' },
        '＝ＨＹＰＥＲＬＩＮＫ（"x"）',
      ),
    ]);
    const text = await (await exportCsv()).text();
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""詳細"")"`);
    // A joined cell (姓 名) is judged by how it starts.
    expect(text).toContain(`"'+cmd 花子"`);
    expect(text).toContain(`"'@SUM(A1)"`);
    expect(text).toContain(`"'-1"`);
    // The model and the notes are kept as typed, full width, and still neutralised: a spreadsheet
    // may fold ＝ into = on its own.
    expect(text).toContain(`"'＝ＨＹＰＥＲＬＩＮＫ（""https://evil.example""）"`);
    expect(text).toContain(`"'＝ＨＹＰＥＲＬＩＮＫ（""x""）"`);
    // No cell starts a formula: every one opens with a quote and no =+-@ right after it.
    expect(text).not.toMatch(/(^|,)"[=+\-@\t\r＝＋－＠]/mu);
  });

  it('lists only the days asked, in Japan', async () => {
    await storeLeads([lead()]);
    // Received on the 24th in UTC, the 25th in Japan.
    const yesterday = await exportCsv(`Bearer ${secret}`, 'from=2026-11-24&to=2026-11-24');
    expect(yesterday.status).toBe(200);
    expect(parseCsv(await yesterday.text())).toHaveLength(1);
    expect(await exportedRows()).toHaveLength(1);
  });

  it.each([
    '',
    'from=2026-01-01',
    'from=2026-02-30&to=2026-03-01',
    'from=2026-03-02&to=2026-03-01',
  ])('answers a bad range (%s) with 400', async (query) => {
    const response = await exportCsv(`Bearer ${secret}`, query);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(messages.exportRange);
  });

  it('answers 503 with the phone number, not a stack trace, when the store cannot answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await worker.fetch(`/api/estimates.csv?${today}`, {
      brand: 'yamada',
      env: withD1Down(worker.env),
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(response.status).toBe(503);
    expect(await response.text()).toBe(messages.unavailable(brands.yamada.phone));
  });

  it('logs who exported which days, and how many leads', async () => {
    await storeLeads([lead()]);
    expect((await exportCsv()).status).toBe(200);
    expect(await worker.staff.auditLog('yamada', 10)).toEqual([
      {
        brand: 'yamada',
        at: '2026-11-24T15:30:00.000Z',
        actor: 'CSV書き出し（EXPORT_SECRET）',
        action: 'export',
        target: '2026年11月25日（水）〜2026年11月25日（水）（1件）',
      },
    ]);
  });
});
