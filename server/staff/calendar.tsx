/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// /staff/calendar: a shop's week of slots — seats, 仮予約 and 予約確定 (each linking its lead) and
// closures — where staff close or reopen a slot or a whole day. Viewing and closing are audited.
import { shopLists, shopOf } from '../../src/content/companies';
import { shownShopName, type Shop } from '../../src/content/shops';
import { slotLabel } from '../../src/estimate/contract/booking';
import { japaneseDate } from '../../src/lib/peopleFormats';
import { tokyoToday } from '../../src/lib/tokyoTime';
import { addDays, isHoliday, slotsOn, slotStart } from '../booking/schedule';
import type { CalendarBooking, Closure } from '../db/bookings';
import { seeOther } from '../http/answers';
import { readForm } from '../http/body';
import type { AppContext } from '../http/context';
import { staffLeadPath } from '../site/paths';
import { ScrollRegion, SelectField } from '../views/fields';
import { calendarPath, calendarRoute } from './calendarPaths';
import { actorOf, audit } from './gate';
import { staffPage } from './layout';

/** 11月30日（月）: the year is the caption's. */
function shortDay(day: string): string {
  return slotLabel(slotStart(day, '0:00')).replace(/）.*$/, '）');
}

/** The Monday of the week holding `day`. */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

type Week = {
  shop: Shop;
  days: string[];
  bookings: CalendarBooking[];
  closures: Closure[];
  /** Japan's today: a 仮予約 of tomorrow is 未確認 the day before, and gets no reminder. */
  today: string;
};

function bookingWords(booking: CalendarBooking, day: string, today: string): string {
  if (booking.state !== 'held') return '予約確定';
  return day === addDays(today, 1) ? '仮予約（前日・未確認）' : '仮予約';
}

function ClosureButton(props: {
  shop: Shop;
  day: string;
  start: string;
  closed: boolean;
  label: string;
}) {
  return (
    <form method="post" action={`/staff${calendarRoute}/closures`} class="inline">
      <input type="hidden" name="shop" value={props.shop.id} />
      <input type="hidden" name="day" value={props.day} />
      <input type="hidden" name="start" value={props.start} />
      <input type="hidden" name="action" value={props.closed ? 'reopen' : 'close'} />
      <button class="quiet">{props.label}</button>
    </form>
  );
}

function SlotCell(props: { week: Week; day: string; start: string; dayClosed: boolean }) {
  const { week, day, start } = props;
  const closed = props.dayClosed || week.closures.some((c) => c.day === day && c.start === start);
  const booked = week.bookings.filter((booking) => booking.start === start);
  const time = start.slice(11, 16).replace(/^0/, '');
  return (
    <td>
      <strong>{time}</strong>{' '}
      {closed
        ? '受付停止'
        : `残り${Math.max(0, week.shop.capacity - booked.length)}／定員${week.shop.capacity}`}
      <ul>
        {booked.map((booking) => (
          <li>
            <a href={staffLeadPath(booking.id)}>
              {bookingWords(booking, day, week.today)}{' '}
              {booking.erased ? '（消去済み）' : booking.name || booking.id}
            </a>
          </li>
        ))}
      </ul>
      {!props.dayClosed && (
        <ClosureButton
          shop={week.shop}
          day={day}
          start={start}
          closed={closed}
          label={closed ? 'この枠を再開' : 'この枠を停止'}
        />
      )}
    </td>
  );
}

function DayColumn(props: { week: Week; day: string }) {
  const { week, day } = props;
  const slots = slotsOn(week.shop, day);
  const dayClosed = week.closures.some((closure) => closure.day === day && closure.start === '');
  return (
    <tr>
      <th scope="row">
        <span class="nowrap">{shortDay(day)}</span>
        {slots.length > 0 && (
          <ClosureButton
            shop={week.shop}
            day={day}
            start=""
            closed={dayClosed}
            label={dayClosed ? 'この日を再開' : 'この日を停止'}
          />
        )}
      </th>
      {slots.length === 0 ? (
        <td>{isHoliday(day) && week.shop.closedOnHolidays ? '祝日のため休業' : '定休日'}</td>
      ) : (
        slots.map((start) => <SlotCell week={week} day={day} start={start} dayClosed={dayClosed} />)
      )}
    </tr>
  );
}

function CalendarPage(props: { week: Week; brandShops: readonly Shop[] }) {
  const { week } = props;
  const monday = week.days[0]!;
  return (
    <>
      <form method="get" action={`/staff${calendarRoute}`}>
        <SelectField
          name="shop"
          label="店舗"
          options={props.brandShops.map((shop) => [shop.id, shownShopName(shop)] as const)}
          selected={week.shop.id}
        />
        <input type="hidden" name="week" value={monday} />
        <button>表示する</button>
      </form>
      <p>
        <a href={calendarPath(week.shop.id, addDays(monday, -7))}>前の週</a>{' '}
        <a href={calendarPath(week.shop.id, addDays(monday, 7))}>次の週</a>
      </p>
      <ScrollRegion label={`${shownShopName(week.shop)}の${japaneseDate(monday)}からの週`}>
        <table class="calendar">
          <caption>
            {shownShopName(week.shop)} {japaneseDate(monday)}〜{japaneseDate(week.days[6]!)}
          </caption>
          {week.days.map((day) => (
            <DayColumn week={week} day={day} />
          ))}
        </table>
      </ScrollRegion>
    </>
  );
}

export async function calendarPage(c: AppContext): Promise<Response> {
  const { brand } = c.var;
  const { bookings, now } = c.var.services;
  const shop = shopOf(brand, c.req.query('shop') ?? '') ?? shopLists[brand][0];
  if (!shop)
    return staffPage(c, 404, '店舗がありません', <p>この車検サイトには店舗がありません。</p>);
  const asked = c.req.query('week') ?? '';
  const monday = mondayOf(isDay(asked) ? asked : tokyoToday(now()));
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const sunday = addDays(monday, 7);
  const [booked, closures] = await Promise.all([
    bookings.calendar(brand, shop.id, slotStart(monday, '0:00'), slotStart(sunday, '0:00')),
    bookings.closures(brand, shop.id, monday, sunday),
  ]);
  await audit(c, 'calendar', `${shop.id} ${monday}`);
  const week = { shop, days, bookings: booked, closures, today: tokyoToday(now()) };
  const title = `予約カレンダー ${shownShopName(shop)}`;
  return staffPage(c, 200, title, <CalendarPage week={week} brandShops={shopLists[brand]} />);
}

export async function postClosure(c: AppContext): Promise<Response> {
  const { brand } = c.var;
  const form = (await readForm(c)) ?? new URLSearchParams();
  const shop = shopOf(brand, form.get('shop') ?? '');
  const day = form.get('day') ?? '';
  const start = form.get('start') ?? '';
  const valid = shop && isDay(day) && (start === '' || slotsOn(shop, day).includes(start));
  if (!shop || !valid)
    return staffPage(c, 422, '停止できません', <p>店舗または日時が正しくありません。</p>);
  const { bookings, now } = c.var.services;
  const at = now().toISOString();
  if (form.get('action') === 'reopen') await bookings.reopen(brand, shop.id, day, start);
  else await bookings.close(brand, shop.id, { day, start, at, actor: actorOf(c) });
  await audit(
    c,
    'calendar',
    `${shop.id} ${day} ${start || '終日'} ${form.get('action') === 'reopen' ? '再開' : '停止'}`,
  );
  return seeOther(calendarPath(shop.id, day));
}
