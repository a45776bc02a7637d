// The one way a valid estimate becomes a lead, for the JSON post and the native one alike. A store
// failure is `unavailable` (503, safe to retry).
import * as v from 'valibot';
import { isBrandId, type BrandId } from '../../src/brand/brands';
import {
  estimateRequestSchema,
  fieldErrors,
  honeypotField,
  type EstimateRequest,
} from '../../src/estimate/contract/validation/estimateSchema';
import { isRecord } from '../../src/lib/isRecord';
import type { RequestContext } from '../http/request';
import { brandMismatchMessage } from '../http/messages';
import { receiptId } from '../leads/receiptId';
import { alternativesTo } from '../booking/availability';
import { bookingAnswer, holdMessages, wantedHold } from '../booking/hold';
import type { D1Bookings } from '../db/bookings';
import type { LeadNotifier, LeadStore, NewLead, RateLimiter, StoredLead } from '../leads/store';
import type { Answer } from './answers';
import { createKeyedQueue, type KeyedQueue } from './keyedQueue';
import { newLeadRateLimitKey } from './rateLimitPolicy';

export const duplicateWindowMs = 10 * 60 * 1000;

export type Sent = Pick<NewLead, 'idempotencyKey' | 'requestHash' | 'matching'>;

export type Validated =
  { ok: true; output: EstimateRequest } | { ok: false; errors: Record<string, string> };

export function validate(body: unknown, hostBrand: BrandId): Validated {
  const parsed = v.safeParse(estimateRequestSchema, body);
  const errors = parsed.success ? {} : fieldErrors(parsed.issues);
  if (isRecord(body) && isBrandId(body.brand) && body.brand !== hostBrand) {
    errors.brand = brandMismatchMessage(hostBrand);
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, output: parsed.output };
}

export type AcceptOptions = {
  store: LeadStore;
  bookings: Pick<D1Bookings, 'counts' | 'closures'>;
  rateLimiter: RateLimiter;
  notifier: LeadNotifier;
  now: () => Date;
  newId?: () => string;
};

export type Acceptor = {
  accept(output: EstimateRequest, ctx: RequestContext, sent: Sent, hash: string): Promise<Answer>;
  /** A request answered with a lead stored before: what a crash left unqueued is queued now. */
  stored(id: string, siteOrigin: string): Promise<Answer & { kind: 'accepted' }>;
  // One (brand, key) and one (brand, content) at a time in this isolate, so racing repeats find the
  // first one's lead instead of each counting against the rate limit; the store's atomic insert
  // keeps them one row across isolates.
  oneAtATime: KeyedQueue;
  store: LeadStore;
  now: () => Date;
};

export function createAcceptor(options: AcceptOptions): Acceptor {
  const { store, bookings, rateLimiter, notifier, now } = options;
  const newId = options.newId ?? (() => receiptId(now()));
  const oneAtATime = createKeyedQueue();

  function accepted(lead: StoredLead | null, id: string, siteOrigin: string) {
    const booking = lead?.booking && bookingAnswer(lead.booking, siteOrigin);
    return { kind: 'accepted' as const, id, ...(booking && { booking }) };
  }

  async function stored(id: string, siteOrigin: string): Promise<Answer & { kind: 'accepted' }> {
    await notifier.replayed(id).catch((error: unknown) => {
      console.error('[estimates] notify', error);
    });
    return accepted(await store.get(id), id, siteOrigin);
  }

  async function acceptNow(
    output: EstimateRequest,
    ctx: RequestContext,
    sent: Sent,
    contentHash: string,
  ): Promise<Answer> {
    try {
      const receivedAt = now();
      const since = new Date(receivedAt.getTime() - duplicateWindowMs).toISOString();
      const duplicate = await store.findDuplicate(ctx.brand, contentHash, since);
      if (duplicate) return stored(duplicate, ctx.siteOrigin);
      const hold = output.booking
        ? await wantedHold(bookings, ctx.brand, output.booking, receivedAt)
        : null;
      if (hold && 'refused' in hold) return { kind: 'bookingRefused', message: hold.refused };
      const limit = await rateLimiter.hit(newLeadRateLimitKey(ctx.brand, ctx.clientKey));
      if (!limit.ok) return { kind: 'rateLimited', retryAfterSeconds: limit.retryAfterSeconds };
      const lead: NewLead = {
        id: newId(),
        brand: ctx.brand,
        ...sent,
        contentHash,
        receivedAt: receivedAt.toISOString(),
        suspectedSpam: Boolean(output[honeypotField]),
        request: output,
        ...(hold && { booking: hold.booking }),
      };
      const inserted = await store.insertHolding(lead, since, hold?.shop.capacity ?? null);
      if (!inserted && hold) {
        const { shop, booking } = hold;
        const alternatives = await alternativesTo(
          bookings,
          ctx.brand,
          shop,
          booking.start,
          receivedAt,
        );
        return { kind: 'slotTaken', message: holdMessages.taken, alternatives };
      }
      if (!inserted) throw new Error('D1: the lead was neither stored nor found');
      const { id, created } = inserted;
      if (!created) return stored(id, ctx.siteOrigin);
      // Stored is what counts: a lead the notifier could not take is queued by a replay or the
      // outbox sweep.
      await notifier.created({ ...lead, id }).catch((error: unknown) => {
        console.error('[estimates] notify', error);
      });
      return accepted(lead, id, ctx.siteOrigin);
    } catch (error) {
      console.error('[estimates] store', error);
      return { kind: 'unavailable' };
    }
  }

  return {
    accept: (output, ctx, sent, hash) =>
      oneAtATime(`${ctx.brand}\ncontent:${hash}`, () => acceptNow(output, ctx, sent, hash)),
    stored,
    oneAtATime,
    store,
    now,
  };
}
