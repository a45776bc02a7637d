/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The booking as server pages show it: the no-JS form's list of shops and free slots, and a
// shop's facts (the answer page, the manage page).
import { telHref } from '../../src/brand/brands';
import {
  bookingControlNames,
  bookingLegend,
  bookLaterLabel,
  showSlotsControl,
  slotDay,
  slotLabel,
  type Slot,
} from '../../src/estimate/contract/booking';
import { japaneseDate } from '../../src/lib/peopleFormats';
import { shopAddressLine, shownShopName, weekdayHours, type Shop } from '../../src/content/shops';
import { FieldError } from '../views/fields';

/** What the no-JS form offers: the nearest shops, the chosen one's slots. */
export type BookingChoices = { shops: Shop[]; shop: Shop | null; slots: Slot[] };

export function ShopFacts(props: { shop: Shop; hours?: boolean; unnamed?: boolean }) {
  const { shop } = props;
  return (
    <p>
      {!props.unnamed && (
        <>
          <strong>{shownShopName(shop)}</strong>
          <br />
        </>
      )}
      {shopAddressLine(shop)}（<a href={shop.mapUrl}>地図を開く</a>）
      <br />
      電話: <a href={telHref(shop.phone)}>{shop.phone}</a>
      {props.hours && (
        <>
          <br />
          営業時間: {weekdayHours(shop).join('、')}
        </>
      )}
    </p>
  );
}

function slotsByDay(slots: readonly Slot[]): [string, Slot[]][] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots)
    days.set(slotDay(slot.start), [...(days.get(slotDay(slot.start)) ?? []), slot]);
  return [...days];
}

/** Free slots as radios named `name`, one group per day; full ones are left out. */
export function SlotRadios(props: { slots: readonly Slot[]; name: string; chosen: string }) {
  const free = props.slots.filter((slot) => slot.remaining > 0);
  if (free.length === 0) return <p>この期間に空いている枠はありません。</p>;
  return (
    <>
      {slotsByDay(free).map(([day, slots]) => (
        <fieldset>
          <legend>{japaneseDate(day)}</legend>
          {slots.map((slot) => {
            const id = `slot-${slot.start.replace(/[^0-9]/g, '')}`;
            return (
              <span class="choice">
                <input
                  type="radio"
                  id={id}
                  name={props.name}
                  value={slot.start}
                  checked={slot.start === props.chosen}
                />{' '}
                <label for={id}>
                  {slotLabel(slot.start).replace(/^.*）/, '')}（残り{slot.remaining}）
                </label>{' '}
              </span>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}

export function BookingFieldset(props: {
  choices: BookingChoices | null;
  values: Record<string, string>;
  error: string | undefined;
}) {
  const { choices, values, error } = props;
  const chosenStart = values[bookingControlNames.start] ?? '';
  const id = 'f-booking';
  return (
    <fieldset class="field" id={id} {...(error && { 'aria-describedby': `${id}-error` })}>
      <legend>{bookingLegend}（任意）</legend>
      <FieldError id={id} error={error} />
      <span class="choice">
        <input
          type="radio"
          id={`${id}-later`}
          name={bookingControlNames.start}
          value=""
          checked={!chosenStart || !choices?.shop}
        />{' '}
        <label for={`${id}-later`}>{bookLaterLabel}</label>
      </span>
      {choices && choices.shops.length > 0 && (
        <>
          <fieldset>
            <legend>店舗（お近くの順）</legend>
            {choices.shops.map((shop) => (
              <div class="shop">
                <input
                  type="radio"
                  id={`shop-${shop.id}`}
                  name={bookingControlNames.shop}
                  value={shop.id}
                  checked={shop.id === choices.shop?.id}
                />{' '}
                <label for={`shop-${shop.id}`}>{shownShopName(shop)}</label>
                <ShopFacts shop={shop} unnamed />
              </div>
            ))}
          </fieldset>
          {choices.shop && (
            <fieldset>
              <legend>{shownShopName(choices.shop)}の空き枠</legend>
              <SlotRadios
                slots={choices.slots}
                name={bookingControlNames.start}
                chosen={chosenStart}
              />
            </fieldset>
          )}
        </>
      )}
      <p>
        <button
          type="submit"
          name={showSlotsControl.name}
          value={showSlotsControl.value}
          formnovalidate
        >
          {choices ? '選んだ店舗の空き枠を表示する' : '近くの店舗の空き枠を表示する'}
        </button>
      </p>
    </fieldset>
  );
}
