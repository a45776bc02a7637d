// A brand's mail domain decides whether it sends mail and what its copy promises (decision 008).
import type { Brand, BrandId } from './brands';

/** @internal Exported for tests, which turn a brand's mail off. Onboarded: docs/deploy.md. */
export const mailDomains: Record<BrandId, string | null> = {
  carsupport: 'carsupport.com',
  yamada: 'yamada-shaken.com',
};

export type MailSender = { name: string; email: string; domain: string };

export function mailSender(brand: Brand): MailSender | null {
  const domain = mailDomains[brand.id];
  return domain ? { name: brand.name, email: `no-reply@${domain}`, domain } : null;
}

/** The queue sends it within a minute (docs/deploy.md). */
const receiptDelay = '数分以内';

export function emailHint(brand: Brand): string {
  const sender = mailSender(brand);
  return sender
    ? `受付確認メールを自動でお送りします（${receiptDelay}、${sender.domain} から）`
    : '担当者からのご連絡に使います';
}

/** `booked` (仮予約, 予約確定): a booked slot's mail goes in place of the receipt, with its link. */
export function receiptNotice(
  brand: Brand,
  booked?: string,
): { title: string; text: string; filter: string } | null {
  const sender = mailSender(brand);
  if (!sender) return null;
  return {
    title: `${booked ? `${booked}の` : '確認'}メールを自動でお送りします（${receiptDelay}）`,
    text: booked
      ? `ご入力のアドレスに、ご予約の内容と変更・キャンセル用のリンクを${sender.email} から自動でお送りします。`
      : `ご入力のアドレスに、受付内容の確認メールを${sender.email} から自動でお送りします。`,
    filter: filterAdvice(sender.domain),
  };
}

function filterAdvice(domain: string): string {
  return `届かない場合は迷惑メールフォルダをご確認ください。ドメイン指定受信をお使いの場合は「${domain}」からのメールを受信できるよう設定してください。`;
}

export function receiptFaq(
  brand: Brand,
  question: string,
): { question: string; answer: string[] }[] {
  const sender = mailSender(brand);
  if (!sender) return [];
  return [
    {
      question,
      answer: [
        `確認メールは${sender.email} から${receiptDelay}に自動でお送りします。`,
        filterAdvice(sender.domain),
      ],
    },
  ];
}
