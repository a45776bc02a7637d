/**
 * Whether a brand sends mail, and what its copy promises about it: one fact, the brand's mail
 * domain (`mailDomains`), read by the sender (server/core/mailChannels.ts, deploy/cloudflare/
 * config.ts) and by every line that speaks of the receipt (the e-mail field's hint, the
 * completion screen, the no-JS answer page, the FAQ). A brand without one sends none and
 * promises none. Kept beside the brand table rather than in its rows: the first view never needs
 * it, only the estimate form's code and the server do.
 */
import type { Brand, BrandId } from './brands';

/**
 * The domain each brand's mail is sent from (no-reply@ this domain): the visitor's receipt and
 * the shop's notice. It must be onboarded in the mail service (docs/deploy.md, "Mail"). Null: the
 * brand sends no mail.
 * @internal Exported for tests, which turn a brand's mail off.
 */
export const mailDomains: Record<BrandId, string | null> = {
  carsupport: 'carsupport.com',
  yamada: 'yamada-shaken.com',
};

/** The sender of a brand's mail: its name and the no-reply address of its mail domain. */
export type MailSender = { name: string; email: string; domain: string };

export function mailSender(brand: Brand): MailSender | null {
  const domain = mailDomains[brand.id];
  return domain ? { name: brand.name, email: `no-reply@${domain}`, domain } : null;
}

/** How soon the receipt is promised: the queue sends it within a minute (docs/deploy.md). */
const receiptDelay = '数分以内';

/** The e-mail field's hint. */
export function emailHint(brand: Brand): string {
  const sender = mailSender(brand);
  return sender
    ? `受付確認メールを自動でお送りします（${receiptDelay}、${sender.domain} から）`
    : '担当者からのご連絡に使います';
}

/** The completion screen's and the no-JS answer page's lines on the receipt; null without mail. */
export function receiptNotice(
  brand: Brand,
): { title: string; text: string; filter: string } | null {
  const sender = mailSender(brand);
  if (!sender) return null;
  return {
    title: `確認メールを自動でお送りします（${receiptDelay}）`,
    text: `ご入力のアドレスに、受付内容の確認メールを${sender.email} から自動でお送りします。`,
    filter: filterAdvice(sender.domain),
  };
}

/** What to do when the receipt does not arrive: the spam folder and carriers' domain filters. */
function filterAdvice(domain: string): string {
  return `届かない場合は迷惑メールフォルダをご確認ください。ドメイン指定受信をお使いの場合は「${domain}」からのメールを受信できるよう設定してください。`;
}

/** The FAQ's item on the receipt, in the brand's words; none for a brand without mail. */
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
