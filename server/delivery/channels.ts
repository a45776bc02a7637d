// Every delivery channel of a lead, in one list the consumer, the CSV, re-send and the alert
// iterate (decision 008): a new channel is a new entry, never a column.
import { bookingMailChannel } from './bookingMail';
import { bookingChangeMailChannel, shopBookingNoticeChannel } from '../booking/channels';
import { guideChannels, noShowMailChannel, reminderChannels } from '../reminders/channels';
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import { conversionChannels, stageConversionChannels } from '../platforms/index';
import { platformLabels } from '../platforms/clicks';
import type { ConversionContext, ConversionStage } from '../platforms/platform';
import { stageLabels } from '../staff/stages';
import type { DeliveryChannel } from './channel';
import type { ChannelDelivery, StoredLead } from '../leads/store';
import { receiptChannel, shopNoticeChannel, type MailContext } from './mailChannels';
import { webhookChannel, type WebhookContext } from './webhook';

export type DeliveryContext = MailContext & WebhookContext & ConversionContext;

type ListedChannel = DeliveryChannel<DeliveryContext> & {
  readonly label: string;
  /** Set off by a stage change (stageChange.ts), never on receipt. */
  readonly onStage?: true;
  /** An ad platform's conversion: the platform, what it tells it (staff page, funnel) and the stage it reports (none: the lead itself). */
  readonly platform?: ConversionPlatform;
  readonly event?: string;
  readonly stage?: ConversionStage;
};

export const leadChannels: readonly ListedChannel[] = [
  { ...webhookChannel, label: 'Webhook' },
  { ...shopNoticeChannel, label: '店舗通知メール' },
  { ...receiptChannel, label: '確認メール' },
  { ...bookingMailChannel, label: '予約確定メール', onStage: true },
  { ...bookingChangeMailChannel, label: '予約変更メール', onStage: true },
  { ...shopBookingNoticeChannel, label: '店舗への予約変更通知', onStage: true },
  ...reminderChannels.map((channel, index) => ({
    ...channel,
    label: ['3日前のご案内', '前日のご案内'][index]!,
    onStage: true as const,
  })),
  { ...noShowMailChannel, label: '来店なしのご案内', onStage: true },
  ...guideChannels.map((channel, index) => ({
    ...channel,
    label: ['次回車検のご案内（60日前）', '次回車検のご案内（30日前）'][index]!,
    onStage: true as const,
  })),
  ...conversionChannels.map((channel) => ({
    ...channel,
    label: platformLabels[channel.platform],
    event: '見積もり依頼',
  })),
  ...stageConversionChannels.map((channel) => ({
    ...channel,
    label: `${platformLabels[channel.platform]}・${stageLabels[channel.stage]}`,
    event: stageLabels[channel.stage],
    onStage: true as const,
  })),
];

export const platformChannels: readonly (readonly [
  ConversionPlatform,
  readonly ListedChannel[],
])[] = [...new Set(leadChannels.flatMap((channel) => channel.platform ?? []))].map((platform) => [
  platform,
  leadChannels.filter((channel) => channel.platform === platform),
]);

/** What a new lead is decided for. */
export const channelsOnReceipt = leadChannels.filter((channel) => !channel.onStage);

export function channelNamed(name: string): ListedChannel | undefined {
  return leadChannels.find((channel) => channel.name === name);
}

export function deliveryOf(lead: StoredLead, channel: string): ChannelDelivery | undefined {
  return lead.deliveries?.find((delivery) => delivery.channel === channel);
}
