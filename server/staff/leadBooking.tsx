/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The lead page's online booking: the slot the visitor holds, and for a 仮予約 the one button
// that records 予約確定 of that very slot (so it keeps its seat).
import { shopOf } from '../../src/content/companies';
import { shownShopName } from '../../src/content/shops';
import { slotLabel } from '../../src/estimate/contract/booking';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { calendarPath } from './calendarPaths';
import { staffLeadPath } from '../site/paths';
import type { StaffLead } from './store';

const stateWords = { held: '仮予約（未確認）', confirmed: '予約確定', cancelled: 'キャンセル済み' };

export function BookingSection(props: { lead: StaffLead; formKey: string }) {
  const { booking } = props.lead;
  const shop = booking && shopOf(props.lead.brand, booking.shop);
  if (!booking || !shop) return null;
  return (
    <>
      <h2>サイトからのご予約</h2>
      <table>
        <tr>
          <th scope="row">状態</th>
          <td>{stateWords[booking.state]}</td>
        </tr>
        <tr>
          <th scope="row">日時</th>
          <td>{slotLabel(booking.start)}</td>
        </tr>
        <tr>
          <th scope="row">店舗</th>
          <td>
            <a href={calendarPath(shop.id, booking.start.slice(0, 10))}>{shownShopName(shop)}</a>
          </td>
        </tr>
        <tr>
          <th scope="row">最終更新</th>
          <td>{booking.changedAt ? japaneseDateTime(booking.changedAt) : ''}</td>
        </tr>
      </table>
      {booking.state === 'held' && (
        <form method="post" action={`${staffLeadPath(props.lead.id)}/stages`}>
          <input type="hidden" name="key" value={props.formKey} />
          <input type="hidden" name="stage" value="booked" />
          <input type="hidden" name="bookedFor" value={booking.start.slice(0, 16)} />
          <input type="hidden" name="shop" value={shop.name} />
          <button>この枠で予約確定する</button>
          <p class="note">
            お客様に予約確定のメール（カレンダーファイル付き）が届きます。別の日時にする場合は、下の「段階を記録する」で入庫日時を入力してください（この枠は空きに戻ります）。
          </p>
        </form>
      )}
    </>
  );
}
