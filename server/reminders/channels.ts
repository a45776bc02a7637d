// The reminders, the 来店なし mail and the 案内 as delivery channels (server/delivery/channels.ts):
// each decided when the Cron or the stage queues it, and checked again when sent, so none goes
// after a cancel, a move, the booking's start, an unsubscribe or an erasure.
import { brands } from '../../src/brand/brands';
import { mailSender } from '../../src/brand/mail';
import { companies, shopLists, shopOf } from '../../src/content/companies';
import { confirmedVisit } from '../booking/bookedVisit';
import { visitMail } from '../booking/visitorMail';
import { NothingToSend, type ChannelDecision, type DeliveryChannel } from '../delivery/channel';
import type { MailMessage } from '../delivery/leadMail';
import { visitorAddress } from '../delivery/leadMail';
import type { MailContext } from '../delivery/mailChannels';
import type { StoredLead } from '../leads/store';
import { columnHeader } from '../leads/values';
import { bookedInstant, guideKinds, reminderKinds, type GuideKind, type ReminderKind } from './due';
import { guideMail, noShowMail, type OfferedShop } from './mails';

type Context = MailContext & { now: () => Date };

export const noShowMailName = 'noShowMail';

function senderOf(lead: StoredLead) {
  return mailSender(brands[lead.brand]);
}

/** What every visitor mail needs: a brand that mails, an address, a lead not erased. */
function mailable(lead: StoredLead): ChannelDecision | null {
  if (!senderOf(lead)) return { kind: 'off' };
  if (lead.erasedAt) return { kind: 'skip', reason: '消去済み' };
  if (!visitorAddress(lead))
    return { kind: 'skip', reason: `${columnHeader('email')}がありません` };
  return null;
}

async function sendOrNothing(context: Context, message: MailMessage | null, why: string) {
  if (!message) throw new NothingToSend(why);
  await context.mailer.send(message);
}

/** Still the booking it was queued for, still to come. */
function reminderStands(lead: StoredLead, kind: ReminderKind, now: Date): string | null {
  const { stage, followUps } = lead;
  if (stage?.stage !== 'booked' || !stage.bookedFor) return '予約確定ではなくなりました';
  const queuedFor =
    kind.daysBefore === 3 ? followUps?.reminded3DaysFor : followUps?.reminded1DayFor;
  if (queuedFor !== stage.bookedFor) return '予約の日時が変わりました';
  if (bookedInstant(stage.bookedFor) <= now) return '予約の日時を過ぎました';
  return null;
}

function reminderChannel(kind: ReminderKind): DeliveryChannel<Context> {
  return {
    name: kind.channel,
    decide(lead, context) {
      const why = reminderStands(lead, kind, context.now());
      return mailable(lead) ?? (why ? { kind: 'skip', reason: why } : { kind: 'send' });
    },
    async send(lead, context) {
      const why = reminderStands(lead, kind, context.now());
      const sender = senderOf(lead);
      const visit = confirmedVisit(lead, context.siteOrigin);
      if (why || !sender || !visit) throw new NothingToSend(why ?? '予約が見つかりません');
      const message = visitMail(lead, sender, companies[lead.brand], visit, kind.channel);
      await sendOrNothing(context, message, '宛先がありません');
    },
  };
}

/** The shop the lead booked (online, or by its name at 予約確定) and its free slots. */
async function offeredShop(lead: StoredLead, context: Context): Promise<OfferedShop> {
  const name = lead.stage?.shop ?? '';
  const shop =
    (lead.booking && shopOf(lead.brand, lead.booking.shop)) ??
    shopLists[lead.brand].find((known) => known.name === name) ??
    null;
  const slots =
    shop && context.freeSlots ? await context.freeSlots(lead.brand, shop, context.now()) : [];
  return { shop, shopName: shop?.name ?? name, slots };
}

export const noShowMailChannel: DeliveryChannel<Context> = {
  name: noShowMailName,
  decide(lead) {
    if (lead.stage?.stage !== 'noShow') return { kind: 'skip', reason: '来店なしではありません' };
    return mailable(lead) ?? { kind: 'send' };
  },
  async send(lead, context) {
    const sender = senderOf(lead);
    if (lead.stage?.stage !== 'noShow' || !sender)
      throw new NothingToSend('来店なしではなくなりました');
    const offer = await offeredShop(lead, context);
    const message = noShowMail(lead, sender, companies[lead.brand], offer, context.siteOrigin);
    await sendOrNothing(context, message, '宛先がありません');
  },
};

function guideStands(lead: StoredLead): string | null {
  const { followUps } = lead;
  if (!followUps?.guideConsentAt) return '次回車検のご案内の希望なし';
  if (followUps.unsubscribedAt) return '配信停止済み';
  if (!followUps.nextExpiry) return '次回の満了日が記録されていません';
  return null;
}

function guideChannel(kind: GuideKind): DeliveryChannel<Context> {
  return {
    name: kind.channel,
    decide(lead) {
      const why = guideStands(lead);
      return mailable(lead) ?? (why ? { kind: 'skip', reason: why } : { kind: 'send' });
    },
    async send(lead, context) {
      const why = guideStands(lead);
      const sender = senderOf(lead);
      if (why || !sender || !context.siteOrigin)
        throw new NothingToSend(why ?? 'サイトのURLがありません');
      const offer = await offeredShop(lead, context);
      const options = { siteOrigin: context.siteOrigin, daysBefore: kind.daysBefore };
      const message = guideMail(lead, sender, companies[lead.brand], offer, options);
      await sendOrNothing(context, message, '宛先がありません');
    },
  };
}

export const reminderChannels = reminderKinds.map(reminderChannel);
export const guideChannels = guideKinds.map(guideChannel);
