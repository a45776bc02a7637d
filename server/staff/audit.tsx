/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// Who listed, viewed, changed or exported what: the newest 500 entries of the brand's audit log.
import { japaneseDateTime } from '../../src/lib/serverFormats';
import type { AppContext } from '../http/context';
import { staffLeadPath } from '../site/paths';
import { ScrollRegion } from '../views/fields';
import { staffPage } from './layout';
import { field } from '../../src/estimate/contract/fieldTable';
import type { AuditAction, AuditEntry } from './store';

const actionWords: Record<AuditAction, string> = {
  list: '一覧を表示',
  view: '詳細を表示',
  stage: '段階を記録',
  create: '電話の受付を入力',
  funnel: 'ファネルを表示',
  export: 'CSVを出力',
  calendar: '予約カレンダー',
  signInFailed: 'サインインに失敗（接続元）',
  people: 'ご本人の情報を開示用に表示',
  consent: `${field('adConsent').label}の同意撤回を記録`,
  erase: 'ご本人の請求で消去',
  correct: 'ご本人の請求で訂正',
};

/** A lead's 受付番号 links to its page; a listing's or an export's words do not. */
function Target(props: { entry: AuditEntry }) {
  const { entry } = props;
  return /^[0-9A-Za-z-]+$/.test(entry.target) && entry.action !== 'export' ? (
    <a href={staffLeadPath(entry.target)}>{entry.target}</a>
  ) : (
    <>{entry.target}</>
  );
}

function AuditPage(props: { entries: readonly AuditEntry[] }) {
  const { entries } = props;
  if (entries.length === 0) return <p>まだ記録はありません。</p>;
  return (
    <>
      <p class="note">新しい順（{entries.length}件）。</p>
      <ScrollRegion label="操作の記録">
        <table>
          <thead>
            <tr>
              <th>日時</th>
              <th>担当</th>
              <th>操作</th>
              <th>対象</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr>
                <td>{japaneseDateTime(entry.at)}</td>
                <td>{entry.actor}</td>
                <td>{actionWords[entry.action] ?? entry.action}</td>
                <td>
                  <Target entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

export async function auditPage(c: AppContext): Promise<Response> {
  const entries = await c.var.services.staff.auditLog(c.var.brand, 500);
  return staffPage(c, 200, '操作の記録', <AuditPage entries={entries} />);
}
