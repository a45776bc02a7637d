// The one place a lead's stage changes, for the staff API and pages alike: it records the change,
// then hands the notifier the channels it sets off (the 予約確定 mail, the platforms' conversions).
import { noShowMailName } from '../reminders/channels';
import { defaultNextExpiry } from '../reminders/nextExpiry';
import { bookingMailName } from '../delivery/bookingMail';
import { stageConversionNames } from '../platforms/index';
import { isConversionStage } from '../platforms/stages';
import { shopOf } from '../../src/content/companies';
import {
  progressAfter,
  type BookingEffect,
  type NewStageChange,
  type StageChange,
  type StageInput,
} from './stages';
import type { RecordedStage, StaffLead, StaffStore } from './store';

export interface StageNotifier {
  /** Queues (or, locally, runs) each channel for the lead as it now stands. */
  stageChanged(lead: Pick<StaffLead, 'id' | 'brand'>, channels: readonly string[]): Promise<void>;
}

/** @internal Exported for tests, which hold each rule of it. */
export function stageChannels(lead: StaffLead, change: StageChange): string[] {
  return [
    ...bookingMailChannels(lead, change),
    ...noShowChannels(lead, change),
    ...conversionChannelsOf(lead, change),
  ];
}

// A booking mails the visitor once, and again when its date or shop changes; a lead suspected of
// spam only once staff have called it (連絡済み before the booking), so a booking recorded before
// that call was never mailed and is not "the same" as one after it.
function bookingMailChannels(lead: StaffLead, change: StageChange): string[] {
  if (change.stage !== 'booked') return [];
  const mailable = (index: number) =>
    !lead.suspectedSpam || lead.history.slice(0, index).some((c) => c.stage === 'contacted');
  if (!mailable(lead.history.length)) return [];
  const lastMailed = lead.history.findLast((c, index) => c.stage === 'booked' && mailable(index));
  const same = lastMailed?.bookedFor === change.bookedFor && lastMailed?.shop === change.shop;
  return same ? [] : [bookingMailName];
}

/** 来店なし mails the visitor the shop's next free slots, once per lead. */
function noShowChannels(lead: StaffLead, change: StageChange): string[] {
  if (change.stage !== 'noShow' || lead.history.some((earlier) => earlier.stage === 'noShow')) {
    return [];
  }
  return [noShowMailName];
}

/** Once per lead and stage: platforms deduplicate by both, so a correction is not sent again. */
function conversionChannelsOf(lead: StaffLead, change: StageChange): string[] {
  const { stage } = change;
  if (!isConversionStage(stage) || lead.history.some((earlier) => earlier.stage === stage)) {
    return [];
  }
  return stageConversionNames(stage);
}

/** What the stage does to the lead's online booking (decision 024). */
function bookingEffect(lead: StaffLead, input: StageInput): BookingEffect | undefined {
  const { booking } = lead;
  if (!booking || booking.state === 'cancelled') return undefined;
  if (input.stage === 'lost' || input.stage === 'excluded') return 'release';
  if (input.stage !== 'booked') return undefined;
  const shop = shopOf(lead.brand, booking.shop);
  const same =
    Date.parse(input.bookedFor ?? '') === Date.parse(booking.start) && input.shop === shop?.name;
  if (!same) return 'release';
  return booking.state === 'held' ? 'confirm' : undefined;
}

/** A 完了 keeps the 入庫日時 and 店舗 of the booking it completes, for the inbox and the CSV. */
function bookingKept(lead: StaffLead, input: StageInput): Pick<StageInput, 'bookedFor' | 'shop'> {
  if (input.stage !== 'completed') return {};
  const booking = lead.history.findLast((earlier) => earlier.stage === 'booked');
  return {
    ...(booking?.bookedFor !== undefined && { bookedFor: booking.bookedFor }),
    ...(booking?.shop !== undefined && { shop: booking.shop }),
  };
}

export type StageRequest = {
  actor: string;
  at: string;
  idempotencyKey: string;
  requestHash: string;
};

export async function changeStage(
  staff: StaffStore,
  notifier: StageNotifier,
  lead: StaffLead,
  input: StageInput,
  sent: StageRequest,
): Promise<RecordedStage> {
  const effect = bookingEffect(lead, input);
  const change: NewStageChange = {
    ...bookingKept(lead, input),
    ...input,
    leadId: lead.id,
    at: sent.at,
    actor: sent.actor,
    progress: progressAfter(input.stage),
    ...(effect && { booking: effect }),
    ...(input.stage === 'completed' && {
      nextExpiry: input.nextExpiry ?? defaultNextExpiry(lead, new Date(sent.at)),
    }),
    idempotencyKey: sent.idempotencyKey,
    requestHash: sent.requestHash,
  };
  const recorded = await staff.recordStage(lead.brand, change);
  if (recorded.kind === 'recorded' && recorded.created) {
    const channels = stageChannels(lead, recorded.change);
    // Recorded is what counts: a channel the notifier could not take is re-sent later.
    if (channels.length > 0) {
      await notifier.stageChanged(lead, channels).catch((error: unknown) => {
        console.error(`[staff] ${lead.id} stage channels`, error);
      });
    }
    await staff.audit({
      brand: lead.brand,
      at: sent.at,
      actor: sent.actor,
      action: 'stage',
      target: lead.id,
    });
  }
  return recorded;
}
