import { useState } from 'react';
import { receptionText, telHref, type Brand } from '../brand/brands';
import { mailSender, receiptNotice } from '../brand/mail';
import { outsideHoursAttribute } from '../business-hours/businessHoursNames';
import styles from './EstimateComplete.module.css';
import formStyles from './EstimateForm.module.css';

/** The receipt mail is promised only by a brand that sends one. */
export function EstimateComplete({
  receiptId,
  brand,
  onClose,
}: {
  receiptId: string;
  brand: Brand;
  onClose: () => void;
}) {
  const receipt = receiptNotice(brand);
  const [copied, setCopied] = useState<boolean | null>(null);
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
    <div className={styles.complete}>
      <p className={styles.lead}>
        お見積もりのご依頼ありがとうございます。以下の流れでご案内いたします。
      </p>
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
          {`受付時間（${brand.receptionHours}）内のご依頼には、このあと担当者よりお電話またはメールでご連絡し、店舗と入庫日を調整いたします。受付時間外や${brand.holidays}のご依頼には、次の受付日にご連絡します。`}
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
