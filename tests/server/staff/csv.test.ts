// The export's cells (server/staff/csv.ts) and its words for a channel's state
// (server/staff/leadsCsv.ts), which the staff's lead page shares. The export itself, over the
// Worker's app and D1: export.d1.test.ts.
import { storedLead } from '../../factories/estimate';
import { postalArea } from '../../factories/postal';
import { parseCsv } from '../../parseCsv';
import { csvCell, isFormulaLike } from '../../../server/staff/csv';
import { leadsCsv } from '../../../server/staff/leadsCsv';
import { parseStoredRequest } from '../../../server/leads/storedRequest';

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
