/** The seams of delivery: the bindings it uses, the deliveries' store (db/deliveries.ts), a batch. */
import type { BrandId } from '../../src/brand/brands';
import type { ConversionEnv, Env, LeadMessage, MessageBatch } from '../env';
import type { PostalAssets } from '../leads/postalArea';
import type { ChannelDelivery, LeadStore, Redelivery } from '../leads/store';
import type { ChannelDecision, SendResult } from './channel';
import type { PlatformReport } from './platformReport';

export type LeadReader = Pick<LeadStore, 'earlierToMailbox'> & Pick<Redelivery, 'get'>;

/** The bindings delivery uses, of the Worker's Env. */
export type DeliveryEnv = Pick<
  Env,
  | 'DEAD_LETTER_QUEUE'
  | 'RETRY_BASE_SECONDS'
  | 'WEBHOOK_URL'
  | 'WEBHOOK_SECRET'
  | 'SHOP_MAIL_TO'
  | 'OPS_MAIL_TO'
  | 'SITE_URL'
> &
  ConversionEnv & {
    LEADS: {
      send(body: LeadMessage, options?: QueueSendOptions): Promise<unknown>;
      sendBatch(messages: Iterable<MessageSendRequest<LeadMessage>>): Promise<unknown>;
    };
    EMAIL?: Pick<SendEmail, 'send'>;
    ASSETS: PostalAssets;
    /** For the mails that offer a shop's free slots (来店なし, 案内). */
    DB?: D1Database;
  };

/** `staleBefore`: a pending channel due before it is lost; `dead`: dead ones are queued too. */
export type RequeueOptions = { at: string; staleBefore?: string; dead?: boolean };

type Undelivered = { pairs: { id: string; channel: string }[]; undecided: string[] };

export interface Deliveries {
  decided(
    leadId: string,
    decisions: readonly (readonly [string, ChannelDecision])[],
    at: string,
  ): Promise<void>;
  sent(leadId: string, channel: string, at: string, result?: SendResult): Promise<void>;
  reported(
    leadId: string,
    channel: string,
    report: PlatformReport,
    reason: string | null,
    at: string,
  ): Promise<void>;
  failed(leadId: string, channel: string, error: unknown, retryAt: string): Promise<void>;
  deadLettered(leadId: string, channel: string, at: string): Promise<void>;
  /** A stage's channel decided again: its earlier state is replaced. */
  redecided: Deliveries['decided'];
  requeued(leadId: string, channels: readonly string[], options: RequeueOptions): Promise<string[]>;
  undelivered(
    brand: BrandId,
    staleBefore: string,
    options: { channels?: readonly string[] | undefined; dead: boolean },
  ): Promise<Undelivered>;
  deadLetters(brand: BrandId): Promise<(ChannelDelivery & { leadId: string })[]>;
  lastAlert(brand: BrandId): Promise<string | null>;
  alerted(brand: BrandId, at: string): Promise<void>;
}

export type LeadBatch = {
  queue: string;
  messages: readonly Pick<
    MessageBatch<LeadMessage>['messages'][number],
    'body' | 'attempts' | 'ack' | 'retry'
  >[];
};
