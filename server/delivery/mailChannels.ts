import type { BrandId } from '../../src/brand/brands';
import type { Shop } from '../../src/content/shops';
import type { Slot } from '../../src/estimate/contract/booking';
import { brands } from '../../src/brand/brands';
import { mailSender } from '../../src/brand/mail';
import { companies } from '../../src/content/companies';
import { receiptBookingMail, shopBookingLines } from '../booking/firstMails';
import type { ChannelDecision, DeliveryChannel } from './channel';
import { receiptMail, shopNoticeMail, visitorAddress, type MailMessage } from './leadMail';
import type { LeadStore, StoredLead } from '../leads/store';
import { mailboxKey } from './receiptRules';
import type { PostalLookup } from '../leads/postalArea';

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export type MailContext = {
  mailer: Mailer;
  shopAddresses: readonly string[];
  store: Pick<LeadStore, 'earlierToMailbox'>;
  /** The brand's site (its SITE_URL), for links in staff mails; unset, no link. */
  siteOrigin?: string;
  postalArea: PostalLookup;
  /** A shop's free slots from now, for the mails that offer them; absent without D1. */
  freeSlots?: (brand: BrandId, shop: Shop, now: Date) => Promise<Slot[]>;
};

/** @internal Exported for tests. */
export const receiptCap = 3;
const receiptCapWindowMs = 24 * 3600_000;

export function addressList(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter((address) => /^[^\s<>,;:"()[\]\\@]+@[A-Za-z0-9.-]+$/.test(address));
}

function senderOf(lead: StoredLead) {
  return mailSender(brands[lead.brand]);
}

// Leads, not mails, count (decision 008), and a mailbox, not a spelling (decision 016). "Earlier"
// is the store's order of insertion, so leads of one millisecond count each other and the decision
// is the same whenever it is taken.
function earlierLeadsTo(lead: StoredLead, address: string, store: MailContext['store']) {
  const since = new Date(Date.parse(lead.receivedAt) - receiptCapWindowMs).toISOString();
  return store.earlierToMailbox(lead.brand, mailboxKey(address), since, lead.id);
}

export const shopNoticeChannel: DeliveryChannel<MailContext> = {
  name: 'shopNotice',
  decide(lead, context): ChannelDecision {
    const off = !senderOf(lead) || context.shopAddresses.length === 0;
    return off ? { kind: 'off' } : { kind: 'send' };
  },
  async send(lead, context) {
    const sender = senderOf(lead);
    if (!sender) throw new Error('the brand sends no mail');
    const area = await context.postalArea(lead.request.vehicle.postalCode);
    const booking = shopBookingLines(lead);
    const extras = {
      area,
      ...(context.siteOrigin && { siteOrigin: context.siteOrigin }),
      ...(booking && { booking }),
    };
    await context.mailer.send(shopNoticeMail(lead, sender, context.shopAddresses, extras));
  },
};

export const receiptChannel: DeliveryChannel<MailContext> = {
  name: 'receipt',
  async decide(lead, context): Promise<ChannelDecision> {
    if (!senderOf(lead)) return { kind: 'off' };
    if (lead.suspectedSpam) return { kind: 'skip', reason: 'スパム疑い' };
    const address = visitorAddress(lead);
    if (!address) return { kind: 'skip', reason: '宛先が送信できない形式' };
    if ((await earlierLeadsTo(lead, address, context.store)) >= receiptCap) {
      return { kind: 'skip', reason: `同じアドレスへの確認メールは24時間に${receiptCap}通まで` };
    }
    return { kind: 'send' };
  },
  async send(lead, context) {
    const sender = senderOf(lead);
    const company = companies[lead.brand];
    // A lead that booked a slot gets its 仮予約 or 予約確定 mail as its receipt.
    const message =
      sender &&
      (receiptBookingMail(lead, sender, company, context.siteOrigin) ??
        receiptMail(lead, sender, company));
    if (!message) throw new Error('no receipt can be composed for this lead');
    await context.mailer.send(message);
  },
};
