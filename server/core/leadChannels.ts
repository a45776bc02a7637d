/**
 * The list of a lead's delivery channels (deliveryChannel.ts), the one both runtimes run and the
 * staff CSV, re-send and the dead-letter alert iterate: adding a channel is adding an entry here.
 * The shop's webhook, its notice mail, the visitor's receipt, then each ad platform's conversion
 * (server/core/conversions/channels.ts).
 * The Worker runs each through its queue with its own state in D1 (server/worker/delivery.ts);
 * the local origin runs them at once in the request and keeps no state (server/node/localMail.ts;
 * router.ts declares it).
 */
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import { conversionChannels } from './conversions/channels';
import type { ConversionContext } from './conversions/conversionChannel';
import type { DeliveryChannel } from './deliveryChannel';
import type { ChannelDelivery, StoredLead } from './leadStore';
import { receiptChannel, shopNoticeChannel, type MailContext } from './mailChannels';
import { webhookChannel, type WebhookContext } from './webhookChannel';

/** What every channel may need from its runtime. */
export type DeliveryContext = MailContext & WebhookContext & ConversionContext;

type ListedChannel = DeliveryChannel<DeliveryContext> & {
  /** How staff read its name (the CSV's column). */
  readonly label: string;
};

/** How staff name each ad platform's conversion channel. */
const conversionLabels: Record<ConversionPlatform, string> = {
  google: 'Google広告',
  meta: 'Meta',
  yahoo: 'Yahoo!広告',
  line: 'LINE広告',
};

export const leadChannels: readonly ListedChannel[] = [
  { ...webhookChannel, label: 'Webhook' },
  { ...shopNoticeChannel, label: '店舗通知メール' },
  { ...receiptChannel, label: '確認メール' },
  ...conversionChannels.map((channel) => ({
    ...channel,
    label: conversionLabels[channel.platform],
  })),
];

export function channelNamed(name: string): ListedChannel | undefined {
  return leadChannels.find((channel) => channel.name === name);
}

/** The lead's delivery on `channel`, when the store keeps it. */
export function deliveryOf(lead: StoredLead, channel: string): ChannelDelivery | undefined {
  return lead.deliveries?.find((delivery) => delivery.channel === channel);
}
