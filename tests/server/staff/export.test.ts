// The staff CSV export (createExportHandler over the local store) and the cells it neutralises,
// plus the local store's own guarantees.
import { newLead, storedLead, validRequest } from '../../factories/estimate';
import { parseCsv } from '../../parseCsv';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvCell, isFormulaLike } from '../../../server/staff/csv';
import { answers } from '../../../server/http/messages';
import { createEstimateHandler, type EstimateContext } from '../../../server/estimate/handler';
import { createExportHandler } from '../../../server/staff/export';
import { leadsCsv } from '../../../server/staff/leadsCsv';
import type { StageInput } from '../../../server/staff/stages';
import { createLocalStaffStore } from '../../../server/node/localStaff';
import type { NewLead } from '../../../server/leads/store';
import { parseStoredRequest } from '../../../server/leads/storedRequest';
import {
  createLocalLeadStore,
  createMemoryRateLimiter,
  localNotifier,
} from '../../../server/node/localLeadStore';
import { tokyoToday } from '../../../src/lib/tokyoTime';
import { japaneseDate } from '../../../src/lib/peopleFormats';
import { postalArea } from '../../factories/postal';

const site = 'https://www.yamada-shaken.com';
const ctx: EstimateContext = { brand: 'yamada', clientKey: '203.0.113.5', siteOrigin: site };
const secret = 'staff-secret-0123456789';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lead-export-'));
  file = join(dir, 'estimates.jsonl');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function lead(overrides: Partial<Record<string, string>> = {}, notes = 'よろしく') {
  const { model, lastName, firstName } = overrides;
  return validRequest('yamada', {
    entryPoint: 'header',
    vehicle: model === undefined ? {} : { model },
    customer: {
      ...(lastName === undefined ? {} : { lastName }),
      ...(firstName === undefined ? {} : { firstName }),
    },
    request: { notes },
    tracking: { source: 'google', lp_entry_url: '/?utm_source=google' },
  });
}

async function storeLeads(bodies: unknown[], context = ctx) {
  const store = createLocalLeadStore({ file });
  const handler = createEstimateHandler({
    store,
    rateLimiter: createMemoryRateLimiter(),
    notifier: localNotifier,
  });
  for (const [index, body] of bodies.entries()) {
    const response = await handler(
      new Request(`${site}/api/estimates`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `k${index}` },
        body: JSON.stringify(body),
      }),
      context,
    );
    expect(response.status).toBe(201);
  }
  return store;
}

function exportRequest(
  authorization: string | null,
  query = `from=${tokyoToday()}&to=${tokyoToday()}`,
) {
  return new Request(`${site}/api/estimates.csv?${query}`, {
    headers: authorization === null ? {} : { Authorization: authorization },
  });
}

describe('GET /api/estimates.csv', () => {
  it.each([
    ['no Authorization', null],
    ['a wrong secret', 'Bearer wrong'],
    ['the secret with a suffix', `Bearer ${secret}x`],
    ['the secret without Bearer', secret],
    ['Basic auth', `Basic ${btoa(`staff:${secret}`)}`],
  ])('answers %s with 401 and lists nothing', async (_name, authorization) => {
    const store = await storeLeads([lead()]);
    const response = await createExportHandler({ store, secret, postalArea })(
      exportRequest(authorization),
      ctx,
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
    const body = await response.text();
    expect(body).toBe(answers.unauthorized);
    expect(body).not.toContain('山田');
  });

  it('never opens with an empty secret configured', async () => {
    const store = await storeLeads([lead()]);
    const response = await createExportHandler({ store, secret: '', postalArea })(
      exportRequest('Bearer '),
      ctx,
    );
    expect(response.status).toBe(401);
  });

  it('lists the leads as CSV: BOM, CRLF, quoted cells, the columns staff call by', async () => {
    const store = await storeLeads([lead(), { ...lead({ model: 'FIT' }), homepage: 'filled' }]);
    const response = await createExportHandler({ store, secret, postalArea })(
      exportRequest(`Bearer ${secret}`),
      ctx,
    );

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="estimates-yamada-/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^"受付日時","受付番号","ブランド","入力元","スパム疑い","お名前"/u);
    const rows = (await readFile(file, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string });
    // For people: the brand's name, what the visitor used, the phone as written (Excel keeps it text).
    expect(lines[1]).toContain(
      `"${rows[0]?.id}","ヤマダ車検","ページ上部の「無料見積もり」ボタン","","山田 花子","ヤマダ ハナコ","090-1234-5678"`,
    );
    // Each attribution value in a column of its own, so a marketer filters by campaign.
    const header = parseCsv(text)[0] ?? [];
    const first = parseCsv(text)[1] ?? [];
    expect(first[header.indexOf('参照元（utm_source）')]).toBe('google');
    expect(first[header.indexOf('最初に開いたページ')]).toBe('/?utm_source=google');
    // The request's fields together, before attribution and delivery.
    expect(header.indexOf('備考')).toBeLessThan(header.indexOf('参照元（utm_source）'));
    expect(header.indexOf('参照元（utm_source）')).toBeLessThan(header.indexOf('配信（Webhook）'));
    // One column per delivery channel; the local store keeps no delivery state: blank.
    expect(lines[0]).toMatch(
      /,"配信（店舗通知メール）","配信（確認メール）","配信（予約確定メール）","配信（Google 広告）","配信（Meta 広告）","配信（Yahoo!広告）","配信（LINE広告）","配信（Google 広告・予約確定）",.*,"配信（LINE広告・完了）"$/u,
    );
    expect(lines[1]).toMatch(/,"","","","","",""$/u);
    expect(lines[2]).toContain('"スパム疑い"');
    // Received at in Japan: today there.
    expect(lines[1]?.slice(1)).toMatch(
      new RegExp(`^${japaneseDate(tokyoToday())}\\d{1,2}:\\d{2}"`),
    );
  });

  it("shows each lead's stage, booking and amount where the runtime keeps stages", async () => {
    const store = await storeLeads([lead(), lead({ model: 'FIT' })]);
    const staff = createLocalStaffStore({ store, file });
    const [booked, completed] = await store.list('yamada', '', '\uffff');
    const change = (leadId: string, input: StageInput, progress: number) =>
      staff.recordStage('yamada', {
        ...input,
        leadId,
        at: '2026-11-25T01:00:00.000Z',
        actor: 'sato@example.jp',
        progress,
        idempotencyKey: null,
        requestHash: null,
      });
    await change(
      booked!.id,
      { stage: 'booked', bookedFor: '2026-12-19T10:00+09:00', shop: '渋谷店' },
      2,
    );
    await change(completed!.id, { stage: 'completed', amount: 54321 }, 3);
    const response = await createExportHandler({ store, secret, staff, postalArea })(
      exportRequest(`Bearer ${secret}`),
      ctx,
    );
    const [header = [], ...rows] = parseCsv(await response.text());
    const cell = (id: string, column: string) =>
      rows.find((row) => row.includes(id))?.[header.indexOf(column)];
    expect(cell(booked!.id, '段階')).toBe('予約確定');
    expect(cell(booked!.id, '予約日時')).toBe('2026年12月19日（土）10:00');
    expect(cell(booked!.id, '店舗')).toBe('渋谷店');
    expect(cell(completed!.id, '段階')).toBe('完了');
    expect(cell(completed!.id, '金額（税込）')).toBe('54,321円');
  });

  it('neutralises every formula-like cell, full-width ones included', async () => {
    const store = await storeLeads([
      lead({ model: '=HYPERLINK("https://evil.example","詳細")', lastName: '+cmd' }, '-1'),
      lead({ model: '@SUM(A1)' }),
      lead(
        { model: '＝ＨＹＰＥＲＬＩＮＫ（"https://evil.example"）' },
        '＝ＨＹＰＥＲＬＩＮＫ（"x"）',
      ),
    ]);
    const response = await createExportHandler({ store, secret, postalArea })(
      exportRequest(`Bearer ${secret}`),
      ctx,
    );
    const text = await response.text();
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
    const store = await storeLeads([lead()]);
    const handler = createExportHandler({ store, secret, postalArea });
    const response = await handler(
      exportRequest(`Bearer ${secret}`, 'from=2020-01-01&to=2020-01-31'),
      ctx,
    );
    expect(response.status).toBe(200);
    expect((await response.text()).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it.each([
    '',
    'from=2026-01-01',
    'from=2026-02-30&to=2026-03-01',
    'from=2026-03-02&to=2026-03-01',
  ])('answers a bad range (%s) with 400', async (query) => {
    const store = await storeLeads([]);
    const response = await createExportHandler({ store, secret, postalArea })(
      exportRequest(`Bearer ${secret}`, query),
      ctx,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(answers.exportRange);
  });
});

describe('csvCell', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+81 90', `"'+81 90"`],
    ['-1', `"'-1"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
    ['＝１＋１', `"'＝１＋１"`],
    ['＠ＳＵＭ', `"'＠ＳＵＭ"`],
    ['\u3000＝1', `"'\u3000＝1"`],
    ['a"b', `"a""b"`],
    ['山田', '"山田"'],
    ['090-1234', '"090-1234"'],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves ordinary text alone', () => {
    expect(isFormulaLike('N-BOX')).toBe(false);
    expect(isFormulaLike('a=b')).toBe(false);
  });
});

describe('local lead store', () => {
  const since = new Date(Date.now() - 60_000).toISOString();
  function leadWith(id: string, key = 'same', contentHash = 'h'): NewLead {
    return newLead({ id, idempotencyKey: key, contentHash, receivedAt: new Date().toISOString() });
  }

  it('stores one row for 50 concurrent inserts with one key, all given its id', async () => {
    const store = createLocalLeadStore({ file });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store.insert(leadWith(`id-${i}`, 'same', `h-${i}`), since),
      ),
    );
    expect(new Set(results.map((result) => result.id))).toEqual(new Set(['id-0']));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('stores one row for 50 concurrent inserts of one content under fresh keys', async () => {
    const store = createLocalLeadStore({ file });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => store.insert(leadWith(`id-${i}`, `key-${i}`), since)),
    );
    expect(new Set(results.map((result) => result.id))).toEqual(new Set(['id-0']));
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(1);
    // Received before the window began, the same content is a lead of its own.
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await store.insert(leadWith('id-later', 'key-later'), later)).toEqual({
      id: 'id-later',
      created: true,
    });
  });

  it('keeps its keys and leads across a restart', async () => {
    const first = leadWith('first', 'k');
    await createLocalLeadStore({ file }).insert(first, since);
    const again = createLocalLeadStore({ file });
    expect(await again.findByKey('yamada', 'k')).toEqual({
      id: 'first',
      contentHash: first.contentHash,
      requestHash: first.requestHash,
    });
    expect(await again.findByKey('carsupport', 'k')).toBeNull();
    expect(await again.insert(leadWith('second', 'k', 'other'), since)).toEqual({
      id: 'first',
      created: false,
    });
  });
});

describe("the CSV's channel columns", () => {
  const stored = storedLead({
    id: 'L-1',
    receivedAt: '2026-11-24T01:00:00.000Z',
    request: parseStoredRequest({}, 'yamada'),
    deliveries: [
      {
        channel: 'webhook',
        state: 'sent' as const,
        sentAt: '2026-11-24T01:00:05.000Z',
        attempts: 1,
        lastError: null,
        deadLetteredAt: null,
      },
      {
        channel: 'shopNotice',
        state: 'dead' as const,
        sentAt: null,
        attempts: 3,
        lastError: 'E_RATE_LIMIT_EXCEEDED',
        deadLetteredAt: '2026-11-24T02:00:00.000Z',
      },
      {
        channel: 'receipt',
        state: 'skipped' as const,
        sentAt: null,
        attempts: 0,
        lastError: '同じアドレスへの確認メールは24時間に3通まで',
        deadLetteredAt: null,
      },
    ],
  });

  it("shows each channel's state in its own column", async () => {
    const [header = [], row = []] = parseCsv(await leadsCsv([stored], postalArea));
    const named = Object.fromEntries(header.map((name, index) => [name, row[index]]));
    expect(named['配信（Webhook）']).toBe('配信済み 2026年11月24日（火）10:00');
    expect(named['配信（店舗通知メール）']).toBe(
      '失敗（再送が必要） 2026年11月24日（火）11:00（3回失敗: E_RATE_LIMIT_EXCEEDED）',
    );
    expect(named['配信（確認メール）']).toBe(
      '送信なし（同じアドレスへの確認メールは24時間に3通まで）',
    );
  });
});
