// The lead's mails, in the send_email binding's message shape, never MIME (decision 008).
import { brands, type BrandId } from '../../src/brand/brands';
import type { MailSender } from '../../src/brand/mail';
import { phoneLine } from '../../src/content/operatorFacts';
import type { CompanyFacts } from '../../src/content/types';
import { exportColumns, type ExportColumnKey } from '../../src/estimate/contract/exportColumns';
import { field } from '../../src/estimate/contract/fieldTable';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { japaneseDate } from '../../src/lib/peopleFormats';
import type { StoredLead } from '../leads/store';
import { plainCarModel, plainName } from './receiptRules';
import { attributionRows, entryPointText } from '../leads/words';
import {
  columnHeader,
  columnText,
  columnWords,
  quotedRoughPrice,
  roughPriceWords,
} from '../leads/values';
import { staffLeadPath } from '../site/paths';

type MailAddress = { name: string; email: string };

export type MailMessage = {
  from: MailAddress;
  to: string[];
  replyTo?: MailAddress | string;
  subject: string;
  text: string;
  /** `X-` names and the list headers (RFC 8058): the mail service sets Date, Message-ID and the rest. */
  headers: Record<string, string>;
  attachments?: { filename: string; type: string; content: string }[];
};

// C0 and C1 controls (CR and LF included), bidi marks and overrides, zero-width characters.
const notInHeaders =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

// What any field may be in a header (decision 016): an RFC 2047 encoded word (`=?UTF-8?Q?…?=`) is
// broken up, so no reader decodes a field into a line break.
export function headerText(value: string): string {
  return value.replace(notInHeaders, ' ').replace(/\s+/g, ' ').replaceAll('=?', '= ?').trim();
}

/** The schema validated the address already; this guards the header all the same. */
function bareAddress(value: string): string | null {
  const address = value.trim();
  return /^[^\s<>,;:"()[\]\\@]{1,64}@[A-Za-z0-9.-]{1,253}$/.test(address) ? address : null;
}

function line(label: string, value: string): string[] {
  return value ? [`${label}: ${value}`] : [];
}

function columnLine(lead: StoredLead, key: ExportColumnKey, area = ''): string[] {
  return line(columnHeader(key), columnWords(lead.request, key, area));
}

const roughPriceLabel = '概算（料金チェック）';

function visitorName(lead: StoredLead): string {
  return headerText(columnText(lead.request, 'name'));
}

export function visitorAddress(lead: StoredLead): string | null {
  return bareAddress(lead.request.customer.email);
}

const receiptColumns = [
  'expiry',
  'maker',
  'model',
  'preferredDates',
  'courtesyCar',
  'contactTime',
] as const satisfies readonly ExportColumnKey[];

/** The free text the receipt may echo, each only when plainly what it says. */
const echoedFreeText: Partial<Record<ExportColumnKey, (text: string) => boolean>> = {
  name: plainName,
  model: plainCarModel,
};

export function leadHeaders(lead: StoredLead, kind: string): Record<string, string> {
  return { 'X-Lead-Id': headerText(lead.id), 'X-Lead-Mail': kind };
}

/** The sender a mail names: its brand's name and no-reply address. */
export function mailFrom(sender: MailSender): { name: string; email: string } {
  return { name: sender.name, email: sender.email };
}

export function noReplyLine(sender: MailSender): string {
  return `このメールは送信専用のアドレス（${sender.email}）からお送りしています。ご返信いただいてもお答えできません。`;
}

export function signature(brandName: string, company: CompanyFacts): string[] {
  const rule = '――――――――――';
  return [rule, brandName, company.name, company.address, rule, ''];
}

/** No advertising: the receipt stays a transactional message. */
export function receiptMail(
  lead: StoredLead,
  sender: MailSender,
  company: CompanyFacts,
): MailMessage | null {
  const to = visitorAddress(lead);
  if (!to) return null;
  const brand = brands[lead.brand];
  const name = visitorName(lead);
  const copy = receiptColumns.flatMap((key) => {
    const plain = echoedFreeText[key];
    if (plain) {
      const value = headerText(columnText(lead.request, key));
      return plain(value) ? line(columnHeader(key), value) : [];
    }
    return columnLine(lead, key);
  });
  copy.push(...line(roughPriceLabel, quotedRoughPrice(lead.request)));
  const text = [
    plainName(name) ? `${name} 様` : 'お客様',
    '',
    `${brand.name}へのお見積もり依頼を受け付けました。`,
    'このメールは受付の確認です。まだご予約は確定していません。',
    '',
    `受付番号: ${lead.id}`,
    '',
    '■ ご依頼内容の控え',
    ...copy,
    '',
    '■ このあとの流れ',
    `ご依頼内容を確認のうえ、受付時間内（${company.receptionHours}、${company.holidays}を除く）に担当者よりお電話またはメールでご連絡し、店舗と入庫日を調整いたします。`,
    'お見積もりは無料です。',
    '',
    '■ お問い合わせ',
    phoneLine(brand.phone, company),
    'お電話の際は受付番号をお伝えください。',
    '',
    noReplyLine(sender),
    'お心当たりのない場合は、お手数ですが上記の番号までお電話ください。',
    '',
    ...signature(brand.name, company),
  ].join('\n');
  return {
    from: mailFrom(sender),
    to: [to],
    subject: headerText(`【${brand.name}】お見積もり依頼を受け付けました（受付番号 ${lead.id}）`),
    text,
    headers: leadHeaders(lead, 'receipt'),
  };
}

/** The area of the postal code; the brand's site, for the link to the lead's staff page. */
type NoticeExtras = {
  area?: string;
  siteOrigin?: string;
  /** A slot booked on the site: its lines, and the subject's mark (【仮予約】). */
  booking?: { mark: string; lines: string[]; slot: string };
};

export function shopNoticeMail(
  lead: StoredLead,
  sender: MailSender,
  to: readonly string[],
  { area = '', siteOrigin, booking }: NoticeExtras = {},
): MailMessage {
  const model = headerText(columnText(lead.request, 'model')) || `${columnHeader('model')}未入力`;
  const date = japaneseDate(headerText(lead.request.request.preferredDate1 ?? '')) || 'なし';
  const replyTo = visitorAddress(lead);
  const name = visitorName(lead);
  const source = attributionRows(lead.request.tracking).map((row) => `${row.label}: ${row.value}`);
  const text = [
    `${brands[lead.brand].name}にお見積もり依頼が届きました。`,
    lead.suspectedSpam
      ? '※ スパムの疑いがあります（フォームの隠し項目が入力されていました）。お客様への確認メールは送っていません。'
      : '',
    replyTo ? 'このメールに返信すると、お客様のアドレスに届きます。' : '',
    '',
    `受付番号: ${lead.id}`,
    `受付日時: ${japaneseDateTime(lead.receivedAt)}`,
    ...line('入力元', entryPointText(lead.request.entryPoint)),
    ...line('対応の記録', siteOrigin ? `${siteOrigin}${staffLeadPath(lead.id)}` : ''),
    '',
    ...(booking?.lines ?? []),
    '■ ご依頼内容',
    ...(Object.keys(exportColumns) as ExportColumnKey[]).flatMap((key) =>
      columnLine(lead, key, area),
    ),
    ...line(roughPriceLabel, roughPriceWords(lead.request)),
    '',
    '■ 流入元',
    ...(source.length > 0 ? source : ['記録なし（広告・キャンペーンのリンク以外から）']),
    '',
  ]
    .filter((text, index, all) => text !== '' || all[index - 1] !== '')
    .join('\n');
  return {
    from: mailFrom(sender),
    to: [...to],
    ...(replyTo && { replyTo: { name: plainName(name) ? name : '', email: replyTo } }),
    subject: headerText(
      `${lead.suspectedSpam ? '【スパム疑い】' : ''}${booking?.mark ?? ''}お見積もり依頼 受付番号 ${lead.id} ${model} ${booking ? booking.slot : `${field('request.preferredDate1').label} ${date}`}`,
    ),
    text,
    headers: leadHeaders(lead, 'shop-notice'),
  };
}

type DeadLetter = { leadId: string; channel: string; lastError: string | null };

export function deadLetterAlertMail(
  brand: BrandId,
  sender: MailSender,
  to: readonly string[],
  deadLetters: readonly DeadLetter[],
): MailMessage {
  const { name } = brands[brand];
  return {
    from: mailFrom(sender),
    to: [...to],
    subject: headerText(
      `【${name}】配信できなかったお見積もり依頼が${deadLetters.length}件あります`,
    ),
    text: [
      `${name}のお見積もり依頼のうち、次の配信がリトライの上限に達して止まりました。`,
      'お見積もり依頼そのものは保存されています。原因を取り除いたうえで再送してください（POST /api/estimates/resend、docs/deploy.md）。',
      '',
      ...deadLetters.map(
        (entry) =>
          `受付番号 ${entry.leadId}  ${entry.channel}${entry.lastError ? `  最後のエラー: ${headerText(entry.lastError)}` : ''}`,
      ),
      '',
      'この通知は同じブランドにつき1時間に1通までです。',
      '',
    ].join('\n'),
    headers: { 'X-Lead-Mail': 'dead-letter-alert' },
  };
}

export function outboxAlertMail(
  brand: BrandId,
  sender: MailSender,
  to: readonly string[],
  found: readonly { leadId: string; channel: string }[],
): MailMessage {
  const { name } = brands[brand];
  return {
    from: mailFrom(sender),
    to: [...to],
    subject: headerText(`【${name}】送られていなかった配信を${found.length}件、送り直しました`),
    text: [
      `${name}のお見積もり依頼のうち、次の配信はキューに入らないまま止まっていました（依頼の保存と配信の間で処理が止まった、またはキューへの送信が失敗したため）。`,
      '定期の点検で見つけ、いまキューに入れ直しました。お見積もり依頼そのものは保存されています。',
      'この通知が続くときは、Cloudflare Queues の状態を確認してください（docs/deploy.md）。',
      '',
      ...found.map((entry) => `受付番号 ${entry.leadId}  ${headerText(entry.channel)}`),
      '',
    ].join('\n'),
    headers: { 'X-Lead-Mail': 'outbox-alert' },
  };
}
