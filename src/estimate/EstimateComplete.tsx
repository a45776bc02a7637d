import { useEffect, useRef, useState } from 'react';
import { receptionText, telHref, type Brand } from '../brand/brands';
import { mailSender, receiptNotice } from '../brand/mail';
import { outsideHoursAttribute } from '../business-hours/businessHoursNames';
import { shownShopName } from '../content/shops';
import {
  slotLabel,
  type BookingAnswer,
  type BookingState,
  type ShopSummary,
} from './contract/booking';
import styles from './EstimateComplete.module.css';
import formStyles from './EstimateForm.module.css';

/** A held slot, with the shop as the form listed it. */
export type Booked = BookingAnswer & { place: ShopSummary | undefined };

const bookedWords: Record<BookingState, string> = { held: '仮予約', confirmed: '予約確定' };

/** The dialog's title once sent, as the no-JS answer page words it. */
export function completeTitle(booked: Booked | undefined): string {
  if (!booked) return 'お見積もり依頼を受け付けました';
  return booked.state === 'held' ? '仮予約を受け付けました' : 'ご予約が確定しました';
}

/** The receipt mail is promised only by a brand that sends one. */
export function EstimateComplete({
  receiptId,
  brand,
  booked,
  onClose,
}: {
  receiptId: string;
  brand: Brand;
  booked?: Booked | undefined;
  onClose: () => void;
}) {
  const receipt = receiptNotice(brand, booked && bookedWords[booked.state]);
  const [copied, setCopied] = useState<boolean | null>(null);
  const topRef = useRef<HTMLDivElement>(null);
  // The form was scrolled to its end: the answer (the slot first) is read from its top. Braces:
  // Chromium's scrollIntoView returns a promise, which React would take for the effect's cleanup.
  useEffect(() => {
    topRef.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  const { phone } = brand;
  // Shown after a submit, when the page has long had its hours (set on <html> with them).
  const outsideHours = document.documentElement.hasAttribute(outsideHoursAttribute);

  function copy() {
    // Refused (no permission, an old browser): the number stays selectable as one word.
    navigator.clipboard?.writeText(receiptId).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  return (
    <div ref={topRef} className={styles.complete}>
      <p className={styles.lead}>
        お見積もりのご依頼ありがとうございます。以下の流れでご案内いたします。
      </p>
      {booked && <BookedVisit booked={booked} />}
      <div className={styles.receiptBox}>
        <p className={styles.receipt}>
          受付番号: <strong className={styles.receiptId}>{receiptId}</strong>
        </p>
        <button
          type="button"
          className={`${formStyles.outlineButton} ${styles.copy}`}
          onClick={copy}
        >
          番号をコピー
        </button>
        <p role="status" className={styles.copied}>
          {copied === null ? '' : copied ? 'コピーしました' : '番号を長押しして選択してください'}
        </p>
        <p className={styles.receiptHint}>お問い合わせの際は、この番号をお伝えください。</p>
      </div>
      <ol className={styles.steps}>
        <li>
          <strong>担当者からご連絡します</strong>
          {booked &&
            (booked.state === 'held'
              ? '店舗が空き状況を確かめ、予約確定をご連絡します。店舗からの確定のご連絡をお待ちください。'
              : 'ご予約は確定しています。お見積もりの内容は担当者よりご連絡します。')}
          {!booked &&
            `受付時間（${brand.receptionHours}）内のご依頼には、このあと担当者よりお電話またはメールでご連絡し、店舗と入庫日を調整いたします。受付時間外や${brand.holidays}のご依頼には、次の受付日にご連絡します。`}
        </li>
        {receipt && (
          <li>
            <strong>{receipt.title}</strong>
            <WithAddress text={receipt.text} address={mailSender(brand)?.email ?? ''} />
            {receipt.filter}
          </li>
        )}
      </ol>
      <p className={styles.phone}>
        {outsideHours
          ? `お電話の受付は${brand.receptionHours}です。ただいま受付時間外のため、受付時間内におかけください。`
          : 'お急ぎの方はお電話でも承ります。'}
        <a href={telHref(phone)} data-phone-link="estimate-complete" className={styles.tel}>
          {phone}
        </a>
        <span className={styles.hours}>{receptionText(brand)}</span>
      </p>
      <button
        type="button"
        className={`${formStyles.outlineButton} ${styles.close}`}
        onClick={onClose}
      >
        画面を閉じる
      </button>
    </div>
  );
}

function BookedVisit({ booked }: { booked: Booked }) {
  const { place } = booked;
  return (
    <div className={styles.booked}>
      <p>
        <strong className={styles.bookedState}>{bookedWords[booked.state]}</strong>
        <strong>{slotLabel(booked.start)}</strong>
      </p>
      {place && (
        <p>
          <strong>{shownShopName(place)}</strong>
          <br />
          <span className={styles.hours}>
            {place.address}・電話 <a href={telHref(place.phone)}>{place.phone}</a>
          </span>
        </p>
      )}
      <a href={booked.manageUrl}>ご予約の確認・変更・キャンセル</a>
    </div>
  );
}

/** A mail address breaks only at its @, never inside a name or a domain. */
function WithAddress({ text, address }: { text: string; address: string }) {
  const [before, after] = address ? text.split(address) : [text];
  if (after === undefined) return <>{text}</>;
  const [local, domain] = address.split('@');
  return (
    <>
      {before}
      <span className={styles.address}>{local}@</span>
      <wbr />
      <span className={styles.address}>{domain}</span>
      {after}
    </>
  );
}
