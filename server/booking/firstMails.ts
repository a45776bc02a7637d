// A booked lead's first mails: the visitor's 仮予約 or 予約確定 in place of the receipt, and the
// lines the shop's notice gives the slot.
import type { MailSender } from '../../src/brand/mail';
import { shownShopName } from '../../src/content/shops';
import type { CompanyFacts } from '../../src/content/types';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import type { MailMessage } from '../delivery/leadMail';
import type { StoredLead } from '../leads/store';
import { onlineVisit } from './bookedVisit';
import { visitMail } from './visitorMail';

export const stateWords = {
  held: '仮予約',
  confirmed: '予約確定',
  cancelled: 'キャンセル',
} as const;

/** The first mail of a lead that booked a slot: its 仮予約 or 予約確定, in place of the receipt. */
export function receiptBookingMail(
  lead: StoredLead,
  sender: MailSender,
  company: CompanyFacts,
  siteOrigin: string | undefined,
): MailMessage | null {
  const visit = onlineVisit(lead, siteOrigin);
  if (!visit || visit.state === 'cancelled') return null;
  return visitMail(lead, sender, company, visit, visit.state);
}

/** The shop notice's lines and subject mark for a lead that booked a slot. */
export function shopBookingLines(
  lead: StoredLead,
): { mark: string; lines: string[]; slot: string } | null {
  const visit = onlineVisit(lead, undefined);
  if (!visit || !visit.shop) return null;
  const word = stateWords[visit.state];
  return {
    mark: `【${word}】`,
    slot: `入庫 ${japaneseDateTime(visit.start)} ${shownShopName(visit.shop)}`,
    lines: [
      '■ ご予約（サイトから）',
      `状態: ${word}${visit.state === 'held' ? '（予約確定の操作をお願いします）' : ''}`,
      `入庫日時: ${japaneseDateTime(visit.start)}`,
      `店舗: ${shownShopName(visit.shop)}`,
      '',
    ],
  };
}
