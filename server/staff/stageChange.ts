// The one place a lead's stage changes, for the staff API and pages alike: it records the change,
// then hands the notifier the channels it sets off (the 予約確定 mail, the platforms' conversions).
import { bookingMailName } from '../delivery/bookingMail';
import { stageConversionNames } from '../platforms/index';
import { isConversionStage } from '../platforms/stages';
import { progressAfter, type NewStageChange, type StageChange, type StageInput } from './stages';
import type { RecordedStage, StaffLead, StaffStore } from './store';

export interface StageNotifier {
  /** Queues (or, locally, runs) each channel for the lead as it now stands. */
  stageChanged(lead: Pick<StaffLead, 'id' | 'brand'>, channels: readonly string[]): Promise<void>;
}

/** @internal Exported for tests, which hold each rule of it. */
export function stageChannels(lead: StaffLead, change: StageChange): string[] {
  return [...bookingMailChannels(lead, change), ...conversionChannelsOf(lead, change)];
}

// A booking mails the visitor once, and again when its date or shop changes; a lead suspected of
// spam only once staff have called it (連絡済み in its history).
function bookingMailChannels(lead: StaffLead, change: StageChange): string[] {
  if (change.stage !== 'booked') return [];
  if (lead.suspectedSpam && !lead.history.some((earlier) => earlier.stage === 'contacted')) {
    return [];
  }
  const lastBooking = lead.history.findLast((earlier) => earlier.stage === 'booked');
  const same = lastBooking?.bookedFor === change.bookedFor && lastBooking?.shop === change.shop;
  return same ? [] : [bookingMailName];
}

/** Once per lead and stage: platforms deduplicate by both, so a correction is not sent again. */
function conversionChannelsOf(lead: StaffLead, change: StageChange): string[] {
  const { stage } = change;
  if (!isConversionStage(stage) || lead.history.some((earlier) => earlier.stage === stage)) {
    return [];
  }
  return stageConversionNames(stage);
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
  const change: NewStageChange = {
    ...bookingKept(lead, input),
    ...input,
    leadId: lead.id,
    at: sent.at,
    actor: sent.actor,
    progress: progressAfter(lead.stage, input.stage),
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
