import { telHref } from '../brand/brands';
import { fields } from './fieldTable';
import styles from './EstimateComplete.module.css';

/** What happens next, once the server has accepted the estimate request. */
export function EstimateComplete({
  receiptId,
  phone,
  onClose,
}: {
  receiptId: string;
  phone: string;
  onClose: () => void;
}) {
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
        <li>
          <strong>確認メールをお送りしました</strong>
          {`ご入力の${fields['customer.email'].label}に受付内容の確認メールをお送りしています。`}
        </li>
        <li>
          <strong>メールが届かない場合</strong>
          迷惑メールフォルダに振り分けられていないか、ドメイン指定受信の設定をご確認ください。
        </li>
      </ol>
      <p className={styles.receipt}>受付番号: {receiptId}</p>
      <p className={styles.phone}>
        お急ぎの方はお電話でも承ります。
        <a href={telHref(phone)} data-phone-link="estimate-complete" className={styles.tel}>
          {phone}
        </a>
      </p>
      <button type="button" className={styles.close} onClick={onClose}>
        画面を閉じる
      </button>
    </div>
  );
}
