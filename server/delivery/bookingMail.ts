// The visitor's 予約確定 mail, a channel a stage change sets off: it reads the booking as the lead
// stands when sent (ical-generator uses no Node API, so the Worker runs it too).
import { brands } from '../../src/brand/brands';
import { mailSender, type MailSender } from '../../src/brand/mail';
import { companies } from '../../src/content/companies';
import type { CompanyFacts } from '../../src/content/types';
import { confirmedVisit } from '../booking/bookedVisit';
import { visitMail } from '../booking/visitorMail';
import { NothingToSend, type ChannelDecision, type DeliveryChannel } from './channel';
import { visitorAddress, type MailMessage } from './leadMail';
import type { StoredLead } from '../leads/store';
import { columnHeader } from '../leads/values';
import type { MailContext } from './mailChannels';

export const bookingMailName = 'bookingMail';

/** @internal Exported for tests, which read the message the channel sends. */
export function bookingMail(
  lead: StoredLead,
  sender: MailSender,
  company: CompanyFacts,
  siteOrigin?: string,
): MailMessage | null {
  const visit = confirmedVisit(lead, siteOrigin);
  return visit && visitMail(lead, sender, company, visit, 'confirmed');
}

export const bookingMailChannel: DeliveryChannel<MailContext> = {
  name: bookingMailName,
  decide(lead): ChannelDecision {
    if (!mailSender(brands[lead.brand])) return { kind: 'off' };
    if (lead.stage?.stage === 'excluded') return { kind: 'skip', reason: '対象外' };
    if (!confirmedVisit(lead, undefined)) return { kind: 'skip', reason: '予約確定ではありません' };
    if (!visitorAddress(lead))
      return { kind: 'skip', reason: `${columnHeader('email')}がありません` };
    return { kind: 'send' };
  },
  async send(lead, context) {
    const sender = mailSender(brands[lead.brand]);
    const message = sender && bookingMail(lead, sender, companies[lead.brand], context.siteOrigin);
    // Changed meanwhile (no longer booked): nothing to confirm.
    if (!message) throw new NothingToSend('予約確定のあとに段階が変わったため送信なし');
    await context.mailer.send(message);
  },
};
