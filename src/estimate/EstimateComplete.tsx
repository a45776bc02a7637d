import { telHref, type Brand } from '../brand/brands';
import { receiptNotice } from '../brand/mail';
import styles from './EstimateComplete.module.css';
import formStyles from './EstimateForm.module.css';

/**
 * What happens next, once the server has accepted the estimate request. The receipt mail is
 * promised only by a brand that sends one (src/brand/mail.ts).
 */
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
  const { phone } = brand;
  return (
    <div className={styles.complete}>
      <p className={styles.lead}>
        お見積もりのご依頼ありがとうございます。以下の流れでご案内いたします。
      </p>
      <ol className={styles.steps}>
        <li>
          <strong>担当者からご連絡します</strong>
          ご依頼内容を確認のうえ、担当者よりお電話またはメールでご連絡し、店舗と入庫日を調整いたします。
        </li>
        {receipt && (
          <li>
            <strong>{receipt.title}</strong>
            {receipt.text}
            {receipt.filter}
          </li>
        )}
      </ol>
      <p className={styles.receipt}>受付番号: {receiptId}</p>
      <p className={styles.phone}>
        お急ぎの方はお電話でも承ります。
        <a href={telHref(phone)} data-phone-link="estimate-complete" className={styles.tel}>
          {phone}
        </a>
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
