// The booking's own channels (server/delivery/channels.ts lists them): the visitor's mail and the
// shop's notice when the visitor changes or cancels on the manage page. Each reads the booking as
// the lead stands when sent, so two quick changes mail the last one.
import { brands } from '../../src/brand/brands';
import { mailSender, type MailSender } from '../../src/brand/mail';
import { companies } from '../../src/content/companies';
import { shownShopName } from '../../src/content/shops';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { NothingToSend, type ChannelDecision, type DeliveryChannel } from '../delivery/channel';
import {
  headerText,
  leadHeaders,
  mailFrom,
  visitorAddress,
  type MailMessage,
} from '../delivery/leadMail';
import type { MailContext } from '../delivery/mailChannels';
import type { StoredLead } from '../leads/store';
import { columnHeader, columnText } from '../leads/values';
import { staffLeadPath } from '../site/paths';
import { onlineVisit } from './bookedVisit';
import { stateWords } from './firstMails';
import { visitMail } from './visitorMail';

export const bookingChangeMailName = 'bookingChangeMail';
export const shopBookingNoticeName = 'shopBookingNotice';

function senderOf(lead: StoredLead) {
  return mailSender(brands[lead.brand]);
}

export const bookingChangeMailChannel: DeliveryChannel<MailContext> = {
  name: bookingChangeMailName,
  decide(lead): ChannelDecision {
    if (!senderOf(lead)) return { kind: 'off' };
    if (!lead.booking) return { kind: 'skip', reason: 'サイトからの予約がありません' };
    if (!visitorAddress(lead))
      return { kind: 'skip', reason: `${columnHeader('email')}がありません` };
    return { kind: 'send' };
  },
  async send(lead, context) {
    const sender = senderOf(lead);
    const visit = onlineVisit(lead, context.siteOrigin);
    if (!sender || !visit) throw new NothingToSend('予約が見つからないため送信なし');
    const kind = visit.state === 'cancelled' ? 'cancelled' : 'changed';
    const message = visitMail(lead, sender, companies[lead.brand], visit, kind);
    if (!message) throw new NothingToSend('宛先がないため送信なし');
    await context.mailer.send(message);
  },
};

function shopChangeMail(
  lead: StoredLead,
  sender: MailSender,
  to: readonly string[],
  siteOrigin: string | undefined,
): MailMessage | null {
  const visit = onlineVisit(lead, undefined);
  if (!visit?.shop) return null;
  const cancelled = visit.state === 'cancelled';
  const what = cancelled ? 'キャンセル' : '日時の変更';
  const when = japaneseDateTime(visit.start);
  return {
    from: mailFrom(sender),
    to: [...to],
    subject: headerText(
      `【予約${cancelled ? 'キャンセル' : '変更'}】受付番号 ${lead.id} ${when} ${visit.shopName}`,
    ),
    text: [
      `${brands[lead.brand].name}のご予約について、お客様がご予約の確認・変更ページから${what}をされました。`,
      '',
      `受付番号: ${lead.id}`,
      `${columnHeader('name')}: ${headerText(columnText(lead.request, 'name')) || '（なし）'}`,
      `${cancelled ? 'キャンセルした' : '新しい'}入庫日時: ${when}`,
      `店舗: ${shownShopName(visit.shop)}`,
      `状態: ${stateWords[visit.state]}`,
      ...(siteOrigin ? [`対応の記録: ${siteOrigin}${staffLeadPath(lead.id)}`] : []),
      '',
    ].join('\n'),
    headers: leadHeaders(lead, cancelled ? 'shop-booking-cancelled' : 'shop-booking-changed'),
  };
}

export const shopBookingNoticeChannel: DeliveryChannel<MailContext> = {
  name: shopBookingNoticeName,
  decide(lead, context): ChannelDecision {
    if (!senderOf(lead) || context.shopAddresses.length === 0) return { kind: 'off' };
    return lead.booking
      ? { kind: 'send' }
      : { kind: 'skip', reason: 'サイトからの予約がありません' };
  },
  async send(lead, context) {
    const sender = senderOf(lead);
    const message =
      sender && shopChangeMail(lead, sender, context.shopAddresses, context.siteOrigin);
    if (!message) throw new NothingToSend('予約が見つからないため送信なし');
    await context.mailer.send(message);
  },
};
