// The visitor's booking mails: 仮予約 or 予約確定 at once, 予約確定 when staff confirm, 変更 and
// キャンセル from the manage page. Each says where, when, what to bring, how long, how to change.
import { brands } from '../../src/brand/brands';
import type { MailSender } from '../../src/brand/mail';
import { phoneLine } from '../../src/content/operatorFacts';
import {
  durationText,
  shownShopName,
  shopAddressLine,
  weekdayHours,
} from '../../src/content/shops';
import type { CompanyFacts } from '../../src/content/types';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import {
  headerText,
  leadHeaders,
  mailFrom,
  noReplyLine,
  signature,
  visitorAddress,
  type MailMessage,
} from '../delivery/leadMail';
import { plainCarModel, plainName } from '../delivery/receiptRules';
import type { StoredLead } from '../leads/store';
import { columnText } from '../leads/values';
import type { BookedVisit } from './bookedVisit';
import { calendarAttachment } from './calendarFile';

export type VisitMailKind =
  'held' | 'confirmed' | 'changed' | 'cancelled' | 'reminder3Days' | 'reminder1Day';

/** What to bring (content brief): 納税証明書 only where the payment cannot be checked online. */
const toBring = [
  '・自動車検査証（車検証）',
  '・自賠責保険証明書',
  '・納税証明書（自動車税の納付が電子的に確認できない場合のみ。納付直後や軽自動車などで必要になることがあります）',
];

const headlines: Record<VisitMailKind, (visit: BookedVisit) => string[]> = {
  held: (visit) => [
    '車検のご来店を仮予約で承りました。まだ確定ではありません。',
    '店舗が内容を確認のうえ、予約確定のご連絡をいたします' +
      (visit.shop
        ? `（店舗の営業時間内のご予約は${visit.shop.confirmWithinHours}時間以内、それ以外は次の営業日が目安です）。`
        : '。'),
  ],
  confirmed: () => ['車検のご予約が次のとおり確定しました。'],
  changed: (visit) => [
    visit.state === 'held'
      ? 'ご予約（仮予約）の日時を次のとおり変更しました。店舗が確認のうえ、予約確定のご連絡をいたします。'
      : 'ご予約の日時を次のとおり変更しました。',
  ],
  cancelled: () => ['ご予約をキャンセルしました。またのご利用をお待ちしております。'],
  reminder3Days: () => [
    'ご来店の日が近づきました。当日お持ちいただくものを、いまのうちにご確認ください。',
  ],
  reminder1Day: () => ['明日はご来店の日です。お気をつけてお越しください。'],
};

const subjects: Record<VisitMailKind, string> = {
  held: '仮予約を受け付けました',
  confirmed: '車検のご予約が確定しました',
  changed: 'ご予約の日時を変更しました',
  cancelled: 'ご予約をキャンセルしました',
  reminder3Days: 'ご来店の3日前のご案内',
  reminder1Day: '明日はご来店の日です',
};

/** X-Lead-Mail: what the mail is, for the keeper's file names and the tests. */
const mailKinds: Record<VisitMailKind, string> = {
  held: 'booking',
  confirmed: 'booking',
  changed: 'booking-changed',
  cancelled: 'booking-cancelled',
  reminder3Days: 'reminder-3-days',
  reminder1Day: 'reminder-1-day',
};

/** The kinds whose mail carries the .ics (a reminder points to the one sent). */
const withCalendarFile = (kind: VisitMailKind, visit: BookedVisit) =>
  kind === 'cancelled' ||
  ((kind === 'confirmed' || kind === 'changed' || kind === 'held') && visit.state === 'confirmed');

function shownName(visit: BookedVisit): string {
  return visit.shop ? shownShopName(visit.shop) : visit.shopName;
}

function shopLines(visit: BookedVisit, brandPhone: string, company: CompanyFacts): string[] {
  const { shop } = visit;
  if (!shop) return [`店舗: ${visit.shopName}`];
  return [
    `店舗: ${shownShopName(shop)}`,
    `住所: ${shopAddressLine(shop)}`,
    `地図: ${shop.mapUrl}`,
    `電話: ${shop.phone === brandPhone ? phoneLine(shop.phone, company) : shop.phone}`,
    `営業時間: ${weekdayHours(shop).join('、')}`,
    ...(shop.example
      ? ['※ この店舗は公開前の見本です。実際のご来店先は担当者がご案内します。']
      : []),
  ];
}

function manageLines(visit: BookedVisit, phone: string): string[] {
  if (!visit.manageUrl || !visit.deadline) {
    return [`お電話でご連絡ください: ${phone}`, 'お電話の際は受付番号をお伝えください。'];
  }
  return [
    visit.manageUrl,
    `${japaneseDateTime(visit.deadline)}まで、このページから日時の変更・キャンセルができます。`,
    `それ以降はお電話でご連絡ください: ${phone}`,
  ];
}

export function visitMail(
  lead: StoredLead,
  sender: MailSender,
  company: CompanyFacts,
  visit: BookedVisit,
  kind: VisitMailKind,
): MailMessage | null {
  const to = visitorAddress(lead);
  if (!to) return null;
  const brand = brands[lead.brand];
  const name = columnText(lead.request, 'name');
  const when = japaneseDateTime(visit.start);
  const end = visit.end ? `〜${japaneseDateTime(visit.end).replace(/^.*）/, '')}` : '';
  const car = [columnText(lead.request, 'maker'), columnText(lead.request, 'model')]
    .filter((text) => text && plainCarModel(text))
    .join(' ');
  const phone = phoneLine(visit.shop?.phone ?? brand.phone, company);
  const live = kind !== 'cancelled';
  const withCalendar = withCalendarFile(kind, visit);
  const text = [
    plainName(name) ? `${name} 様` : 'お客様',
    '',
    `${brand.name}をご利用いただきありがとうございます。`,
    ...headlines[kind](visit),
    '',
    `受付番号: ${lead.id}`,
    '',
    live ? '■ ご予約' : '■ キャンセルしたご予約',
    ...(live ? [`状態: ${visit.state === 'held' ? '仮予約（確定前）' : '予約確定'}`] : []),
    `入庫日時: ${when}${end}`,
    ...shopLines(visit, brand.phone, company),
    ...(car ? [`お車: ${car}`] : []),
    '',
    ...(live
      ? [
          '■ 当日お持ちいただくもの',
          ...toBring,
          '',
          '■ 所要時間',
          visit.shop
            ? `約${durationText(visit.shop.durationMinutes)}（点検・整備の内容により前後します）`
            : '点検・整備の内容により異なります。お預かりの際に担当者がご案内します。',
          '',
          '■ ご予約の確認・変更・キャンセル',
          ...manageLines(visit, phone),
          '',
        ]
      : [
          `もう一度ご予約になる場合は、サイトからお申し込みいただくか、お電話ください: ${phone}`,
          '',
        ]),
    ...(withCalendar
      ? [
          live
            ? '添付のカレンダーファイル（.ics）を開くと、ご予約をカレンダーに登録できます（前日にお知らせが出ます）。'
            : '添付のカレンダーファイル（.ics）を開くと、カレンダーからご予約が消えます。',
        ]
      : []),
    noReplyLine(sender),
    '',
    ...signature(brand.name, company),
  ].join('\n');
  return {
    from: mailFrom(sender),
    to: [to],
    subject: headerText(`【${brand.name}】${subjects[kind]}（${when} ${shownName(visit)}）`),
    text,
    headers: leadHeaders(lead, mailKinds[kind]),
    ...(withCalendar && { attachments: [calendarAttachment(lead, sender, visit)] }),
  };
}
