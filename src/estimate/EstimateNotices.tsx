import type { Ref } from 'react';
import { telHref } from '../brand/brands';
import { yen } from '../lib/plainFormats';
import { legalFeeRates } from '../content/legalFees';
import type { RetryReason } from './api';
import type { EstimateQuote } from './contract/validation/estimateSchema';
import styles from './EstimateForm.module.css';

const kept = '入力内容は保持されています。';
export function QuoteNote({ quote }: { quote: EstimateQuote }) {
  return (
    <p className={styles.quote}>
      ご覧になった概算：{legalFeeRates.classes[quote.vehicleClass].label}・総額 例{' '}
      {yen(quote.roughTotal)}
      〜（税込）。この金額もあわせて担当者にお伝えします。
    </p>
  );
}

/** A failing server is ours, so the phone is offered too; focus moves here, to the retry. */
export function RetryAlert({
  reason,
  phone,
  ref,
}: {
  reason: RetryReason;
  phone: string;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <div role="alert" className={styles.alert}>
      {reason === 'network' || reason === 'timeout' ? (
        <p>送信できませんでした。通信環境をご確認のうえ、もう一度お試しください。{kept}</p>
      ) : (
        <p>
          ただいま送信できませんでした。時間をおいてもう一度お試しいただくか、お電話でお問い合わせください。
          <a href={telHref(phone)} data-phone-link="estimate-error">
            {phone}
          </a>
          。{kept}
        </p>
      )}
      <button ref={ref} type="submit" className={styles.retry}>
        再送信
      </button>
    </div>
  );
}

export function RejectedAlert({
  phone,
  messages,
  ref,
}: {
  phone: string;
  messages: string[];
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={styles.alert}>
      <p>
        送信内容を確認できませんでした。お手数ですがお電話でお問い合わせください。
        <a href={telHref(phone)} data-phone-link="estimate-error">
          {phone}
        </a>
      </p>
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
