// The visitor's 予約確定 mail, a channel a stage change sets off: it reads the booking as the lead
// stands when sent (ical-generator uses no Node API, so the Worker runs it too).
import ical, { ICalCalendarMethod } from 'ical-generator';
import { brands } from '../../src/brand/brands';
import { mailSender, type MailSender } from '../../src/brand/mail';
import { companies } from '../../src/content/companies';
import { phoneLine } from '../../src/content/operatorFacts';
import type { CompanyFacts } from '../../src/content/types';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { NothingToSend, type ChannelDecision, type DeliveryChannel } from './channel';
import {
  headerText,
  leadHeaders,
  mailFrom,
  noReplyLine,
  signature,
  visitorAddress,
  type MailMessage,
} from './leadMail';
import type { StoredLead } from '../leads/store';
import { columnHeader, columnText } from '../leads/values';
import { plainCarModel, plainName } from './receiptRules';
import type { MailContext } from './mailChannels';

export const bookingMailName = 'bookingMail';

/** What to bring (content brief): 納税証明書 only where the payment cannot be checked online. */
const toBring = [
  '・自動車検査証（車検証）',
  '・自賠責保険証明書',
  '・納税証明書（自動車税の納付が電子的に確認できない場合のみ。納付直後や軽自動車などで必要になることがあります）',
];

function booking(lead: StoredLead): { at: Date; shop: string } | null {
  const { stage } = lead;
  if (stage?.stage !== 'booked' || !stage.bookedFor || !stage.shop) return null;
  const at = new Date(stage.bookedFor);
  return Number.isNaN(at.getTime()) ? null : { at, shop: stage.shop };
}

function calendarFile(lead: StoredLead, sender: MailSender, at: Date, shop: string): string {
  const brand = brands[lead.brand];
  const calendar = ical({
    prodId: { company: brand.name, product: '車検予約', language: 'JA' },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    // One event per lead: a changed booking replaces it in the visitor's calendar.
    id: `${lead.id}@${sender.domain}`,
    sequence: lead.bookingSequence ?? 0,
    start: at,
    summary: `車検の入庫（${brand.name} ${shop}）`,
    location: shop,
    description: `受付番号 ${lead.id}\nご変更・キャンセル: ${brand.phone}`,
  });
  return calendar.toString();
}

/** @internal Exported for tests, which read the message the channel sends. */
export function bookingMail(
  lead: StoredLead,
  sender: MailSender,
  company: CompanyFacts,
): MailMessage | null {
  const to = visitorAddress(lead);
  const booked = booking(lead);
  if (!to || !booked) return null;
  const brand = brands[lead.brand];
  const name = columnText(lead.request, 'name');
  const when = japaneseDateTime(booked.at);
  const car = [columnText(lead.request, 'maker'), columnText(lead.request, 'model')]
    .filter((text) => text && plainCarModel(text))
    .join(' ');
  const text = [
    plainName(name) ? `${name} 様` : 'お客様',
    '',
    `${brand.name}をご利用いただきありがとうございます。`,
    '車検のご予約が次のとおり確定しました。',
    '',
    `受付番号: ${lead.id}`,
    '',
    '■ ご予約',
    `入庫日時: ${when}`,
    `店舗: ${booked.shop}`,
    ...(car ? [`お車: ${car}`] : []),
    '',
    '■ 当日お持ちいただくもの',
    ...toBring,
    '',
    '■ 所要時間',
    '点検・整備の内容により異なります。お預かりの際に担当者がご案内します。',
    '',
    '■ ご変更・キャンセル',
    `お電話でご連絡ください: ${phoneLine(brand.phone, company)}`,
    'お電話の際は受付番号をお伝えください。',
    '',
    '添付のカレンダーファイル（.ics）を開くと、ご予約をカレンダーに登録できます。',
    noReplyLine(sender),
    '',
    ...signature(brand.name, company),
  ].join('\n');
  return {
    from: mailFrom(sender),
    to: [to],
    subject: headerText(`【${brand.name}】車検のご予約が確定しました（${when} ${booked.shop}）`),
    text,
    headers: leadHeaders(lead, 'booking'),
    attachments: [
      {
        filename: 'shaken-booking.ics',
        type: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: calendarFile(lead, sender, booked.at, booked.shop),
      },
    ],
  };
}

export const bookingMailChannel: DeliveryChannel<MailContext> = {
  name: bookingMailName,
  decide(lead): ChannelDecision {
    if (!mailSender(brands[lead.brand])) return { kind: 'off' };
    if (lead.stage?.stage === 'excluded') return { kind: 'skip', reason: '対象外' };
    if (!booking(lead)) return { kind: 'skip', reason: '予約確定ではありません' };
    if (!visitorAddress(lead))
      return { kind: 'skip', reason: `${columnHeader('email')}がありません` };
    return { kind: 'send' };
  },
  async send(lead, context) {
    const sender = mailSender(brands[lead.brand]);
    const message = sender && bookingMail(lead, sender, companies[lead.brand]);
    // Changed meanwhile (no longer booked): nothing to confirm.
    if (!message) throw new NothingToSend('予約確定のあとに段階が変わったため送信なし');
    await context.mailer.send(message);
  },
};
