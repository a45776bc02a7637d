// The mails after the day: 来店なし offers the shop's next free slots; the 次回車検のご案内 (特定電子
// メール, only with the visitor's consent) names the sender, its address and contact, and carries
// a one-click unsubscribe (RFC 8058) in its headers and a link in its body.
import { nextExpiryLabel } from '../../src/estimate/contract/guideConsent';
import { brands } from '../../src/brand/brands';
import type { MailSender } from '../../src/brand/mail';
import { phoneLine } from '../../src/content/operatorFacts';
import { shownShopName, type Shop } from '../../src/content/shops';
import type { CompanyFacts } from '../../src/content/types';
import { slotLabel, type Slot } from '../../src/estimate/contract/booking';
import { japaneseDate } from '../../src/lib/peopleFormats';
import {
  headerText,
  leadHeaders,
  mailFrom,
  noReplyLine,
  signature,
  visitorAddress,
  type MailMessage,
} from '../delivery/leadMail';
import { plainName } from '../delivery/receiptRules';
import type { StoredLead } from '../leads/store';
import { columnText } from '../leads/values';
import { guidePath } from './paths';

/** The slots a mail lists: enough to choose from, short enough to read. */
const listedSlots = 6;

export type OfferedShop = { shop: Shop | null; shopName: string; slots: Slot[] };

function greeting(lead: StoredLead): string {
  const name = headerText(columnText(lead.request, 'name'));
  return plainName(name) ? `${name} 様` : 'お客様';
}

function slotLines(offer: OfferedShop, siteOrigin: string | undefined, campaign: string): string[] {
  const site = siteOrigin
    ? `${siteOrigin}/?utm_source=${campaign}&utm_medium=email&utm_campaign=${campaign}`
    : '';
  const free = offer.slots.slice(0, listedSlots).map((slot) => `・${slotLabel(slot.start)}`);
  return [
    `■ ${offer.shop ? shownShopName(offer.shop) : offer.shopName}の空き枠`,
    ...(free.length > 0
      ? [...free, '（このほかの日時もお選びいただけます）']
      : ['空き枠はサイトでご確認ください。']),
    ...(site ? [`ご予約はこちらから: ${site}`] : []),
  ];
}

export function noShowMail(
  lead: StoredLead,
  sender: MailSender,
  company: CompanyFacts,
  offer: OfferedShop,
  siteOrigin: string | undefined,
): MailMessage | null {
  const to = visitorAddress(lead);
  if (!to) return null;
  const brand = brands[lead.brand];
  const booked = lead.stage?.bookedFor ? japaneseDate(lead.stage.bookedFor.slice(0, 10)) : '';
  return {
    from: mailFrom(sender),
    to: [to],
    subject: headerText(`【${brand.name}】ご来店の日時をあらためてお選びください`),
    text: [
      greeting(lead),
      '',
      `${brand.name}をご利用いただきありがとうございます。`,
      `${booked ? `${booked}の` : ''}ご来店を確認できませんでした。ご都合が合わなかった場合は、あらためてご予約ください。`,
      '',
      `受付番号: ${lead.id}`,
      '',
      ...slotLines(offer, siteOrigin, 'noshow'),
      `お電話でも承ります: ${phoneLine(offer.shop?.phone ?? brand.phone, company)}`,
      '',
      noReplyLine(sender),
      '',
      ...signature(brand.name, company),
    ].join('\n'),
    headers: leadHeaders(lead, 'no-show'),
  };
}

/** RFC 8058 wants https; a local site (npm start) keeps it, as no mail leaves the machine. */
function unsubscribeHeaders(url: string): Record<string, string> {
  const { protocol, hostname } = new URL(url);
  const local =
    hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1';
  if (protocol !== 'https:' && !local) return {};
  return {
    'List-Unsubscribe': `<${url}/unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function guideMail(
  lead: StoredLead,
  sender: MailSender,
  company: CompanyFacts,
  offer: OfferedShop,
  options: { siteOrigin: string; daysBefore: number },
): MailMessage | null {
  const to = visitorAddress(lead);
  const { nextExpiry, guideToken } = lead.followUps ?? {};
  if (!to || !nextExpiry || !guideToken) return null;
  const brand = brands[lead.brand];
  const unsubscribe = `${options.siteOrigin}${guidePath(guideToken)}`;
  const phone = phoneLine(brand.phone, company);
  return {
    from: mailFrom(sender),
    to: [to],
    subject: headerText(`【${brand.name}】次回車検のご案内（満了日 ${japaneseDate(nextExpiry)}）`),
    text: [
      greeting(lead),
      '',
      `${brand.name}をご利用いただきありがとうございます。`,
      `前回の車検（受付番号 ${lead.id}）から、次の車検の時期が近づいてきました。`,
      '',
      `■ ${nextExpiryLabel}`,
      `${japaneseDate(nextExpiry)}（あと約${options.daysBefore}日）`,
      '',
      ...slotLines(offer, options.siteOrigin, `guide${options.daysBefore}`),
      `お電話でも承ります: ${phone}`,
      '',
      '■ 配信の停止',
      'このご案内は、お見積もり依頼の際にご希望いただいた方にお送りしています。',
      `不要な場合は、次のページから配信を停止できます: ${unsubscribe}`,
      '',
      '■ 送信者',
      `${brand.name}（運営: ${company.name}）`,
      `所在地: ${company.address}`,
      `お問い合わせ: ${phone}、${company.email}`,
      '',
      noReplyLine(sender),
    ].join('\n'),
    headers: {
      ...leadHeaders(lead, `guide-${options.daysBefore}-days`),
      ...unsubscribeHeaders(unsubscribe),
    },
  };
}
