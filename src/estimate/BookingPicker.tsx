// The booking step's lists, a chunk of its own loaded once the postal code is complete: the shops
// nearest it, then the chosen shop's slots for the next days, by day. A failed read is announced
// and leaves 「日時はあとで相談する」, so the form can always be sent.
import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { telHref } from '../brand/brands';
import { Hidden } from '../forms/Group';
import { fieldStyles } from '../forms/Field';
import { shopAddressLine, shownShopName } from '../content/shops';
import {
  bookingControlNames,
  formSlotDays,
  slotDay,
  slotLabel,
  type ShopSummary,
  type Slot,
} from './contract/booking';
import { nearestShops, shopSlots } from './bookingApi';
import type { BookingStep } from './bookingStep';
import styles from './EstimateFields.module.css';

type Listed<T> = { for: string; list: T[] } | { for: string; failed: true } | null;

const failed = '読み込めませんでした。「日時はあとで相談する」のまま送信できます。';

export type BookingPickerProps = {
  step: BookingStep;
  /** Seven digits. */
  postalCode: string;
  /** Grows with each ask to read again (the button, a refused slot). */
  reload: number;
  /** `failed`: the lists could not be read, so the step offers to read them again. */
  announce: (text: string, failed?: boolean) => void;
};

function byDay(slots: readonly Slot[]): [string, Slot[]][] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots)
    days.set(slotDay(slot.start), [...(days.get(slotDay(slot.start)) ?? []), slot]);
  return [...days];
}

export default function BookingPicker({ step, postalCode, reload, announce }: BookingPickerProps) {
  const { chosen, notice, picked } = useSyncExternalStore(step.subscribe, step.get, step.get);
  const [shops, setShops] = useState<Listed<ShopSummary>>(null);
  const [slots, setSlots] = useState<Listed<Slot>>(null);
  const id = useId();

  useEffect(() => {
    let live = true;
    announce('お近くの店舗を探しています…');
    nearestShops(postalCode).then(
      (list) => {
        if (!live) return;
        setShops({ for: postalCode, list });
        const { chosen: kept } = step.get();
        if (kept && !list.some((item) => item.id === kept.shop.id)) step.unchoose();
        if (list.length === 0) announce('ご予約いただける店舗が見つかりませんでした。');
      },
      () => {
        if (!live) return;
        setShops({ for: postalCode, failed: true });
        announce(`店舗を${failed}`, true);
      },
    );
    return () => {
      live = false;
    };
  }, [postalCode, reload, announce, step]);

  const listed = shops && 'list' in shops ? shops.list : [];
  // The visitor's shop; until they pick one (or a slot), the nearest.
  const shop = listed.find((item) => item.id === picked) ?? listed[0];
  const alternatives = (shop && notice?.shop === shop.id && notice.alternatives) || null;
  // Refused without alternatives: the shop's slots changed meanwhile, so they are read again.
  const refusal = notice && !notice.alternatives ? notice : null;
  useEffect(() => {
    // A 409's nearest free slots replace the list: nothing to read.
    if (!shop || alternatives) return undefined;
    let live = true;
    const name = shownShopName(shop);
    announce(`${name}の空き枠を読み込んでいます…`);
    shopSlots(shop.id).then(
      (list) => {
        if (!live) return;
        setSlots({ for: shop.id, list });
        const free = list.filter((slot) => slot.remaining > 0).length;
        announce(
          free > 0
            ? `${name}の空き枠を表示しました（${free}枠）。`
            : `${name}に空き枠はありません。`,
        );
      },
      () => {
        if (!live) return;
        setSlots({ for: shop.id, failed: true });
        announce(`${name}の空き枠を${failed}`, true);
      },
    );
    return () => {
      live = false;
    };
  }, [shop, alternatives, refusal, reload, announce]);

  if (!shops || !('list' in shops) || shops.list.length === 0) return null;

  function pickShop(next: string) {
    if (next !== shop?.id) step.pick(next);
  }

  const read = shop && slots?.for === shop.id && 'list' in slots ? slots.list : null;
  const shown = alternatives ?? read;
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={fieldStyles.label}>店舗（お近くの順）</legend>
        {shops.list.map((item) => (
          <div key={item.id} className={styles.shop}>
            <label className={styles.choice}>
              <input
                type="radio"
                name={bookingControlNames.shop}
                value={item.id}
                checked={item.id === shop?.id}
                onChange={() => pickShop(item.id)}
                aria-describedby={`${id}-${item.id}`}
              />
              <strong>{shownShopName(item)}</strong>
            </label>
            <p id={`${id}-${item.id}`} className={fieldStyles.hint}>
              {shopAddressLine(item)}
              <br />
              <a href={item.mapUrl} target="_blank" rel="noopener noreferrer">
                地図を開く
              </a>
              {' ・ 電話 '}
              <a href={telHref(item.phone)}>{item.phone}</a>
            </p>
          </div>
        ))}
      </fieldset>
      {shop && shown && (
        <fieldset className={styles.group}>
          <legend className={fieldStyles.label}>
            {alternatives
              ? `${shownShopName(shop)}の近い空き枠`
              : `${shownShopName(shop)}の空き枠（${formSlotDays}日分）`}
          </legend>
          <SlotDays
            slots={shown}
            chosen={chosen?.shop.id === shop.id ? chosen.start : ''}
            onPick={(start) => step.choose({ shop, start })}
          />
        </fieldset>
      )}
    </>
  );
}

function SlotDays({
  slots,
  chosen,
  onPick,
}: {
  slots: Slot[];
  chosen: string;
  onPick: (start: string) => void;
}) {
  if (!slots.some((slot) => slot.remaining > 0)) {
    return (
      <p className={fieldStyles.hint}>
        この期間に空き枠はありません。「日時はあとで相談する」をお選びください。
      </p>
    );
  }
  return byDay(slots).map(([day, list]) => {
    const label = slotLabel(list[0]!.start).replace(/）.*$/, '）');
    if (!list.some((slot) => slot.remaining > 0)) {
      return (
        <p key={day} className={fieldStyles.hint}>
          {label} 空きなし
        </p>
      );
    }
    return (
      <fieldset key={day} className={styles.group}>
        <legend className={fieldStyles.label}>{label}</legend>
        <div className={styles.slots}>
          {list.map((slot) => {
            const full = slot.remaining === 0;
            return (
              <label key={slot.start} className={styles.slot}>
                <input
                  type="radio"
                  name={bookingControlNames.start}
                  value={slot.start}
                  checked={slot.start === chosen}
                  disabled={full}
                  onChange={() => onPick(slot.start)}
                />
                <Hidden>{label}</Hidden>
                {slotLabel(slot.start).slice(label.length)}
                {full && ' 空きなし'}
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  });
}
