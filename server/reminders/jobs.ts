// Cron: the reminders before a 予約確定's day (3 days and 1 day before) and the 次回車検のご案内
// (60 and 30 days before the next 満了日), each due from 10:00 in Japan on its day. A run claims
// each on the lead's row, then queues it as a delivery like the others (retried, swept, shown).
import { tokyoDateTime, tokyoToday } from '../../src/lib/tokyoTime';
import { newBookingToken } from '../booking/hold';
import { addDays } from '../booking/schedule';
import { D1LeadStore } from '../db/leads';
import { D1Deliveries } from '../db/deliveries';
import { D1FollowUps } from '../db/followUpQueries';
import { deliveryContext, QueueNotifier } from '../delivery/notifier';
import { brandOf, type Env } from '../env';
import { dueFrom, guideKinds, lastDueDay, reminderKinds } from './due';

/** 2026-12-05T10:30+09:00: a stage's 入庫日時 as the index orders them. */
function tokyoMinute(now: Date): string {
  return `${tokyoDateTime(now).slice(0, 16).replace(' ', 'T')}+09:00`;
}

export async function sendFollowUps(env: Env, now: Date): Promise<void> {
  const brand = brandOf(env);
  const followUps = new D1FollowUps(env.DB);
  const leads = new D1LeadStore(env.DB);
  const context = { ...deliveryContext(env, leads), now: () => now };
  const notifier = new QueueNotifier(env, new D1Deliveries(env.DB), context, leads);
  const queue = (id: string, channel: string) => notifier.stageChanged({ id, brand }, [channel]);

  for (const kind of reminderKinds) {
    const to = `${addDays(lastDueDay(now, kind.daysBefore), 1)}T00:00+09:00`;
    for (const due of await followUps.dueReminders(brand, kind, tokyoMinute(now), to)) {
      if (dueFrom(due.bookedFor.slice(0, 10), kind.daysBefore) > now) continue;
      // Booked within a day of it: the day-before reminder says it all, the 3 days' one stays.
      const later = reminderKinds.find((other) => other.daysBefore < kind.daysBefore);
      const superseded = later && dueFrom(due.bookedFor.slice(0, 10), later.daysBefore) <= now;
      if (!(await followUps.markReminded(due.id, kind, due.bookedFor)) || superseded) continue;
      await queue(due.id, kind.channel);
    }
  }

  // Each 案内 takes its own window: a 満了日 already within 30 days gets the 30 days' one only.
  for (const [index, kind] of guideKinds.entries()) {
    const next = guideKinds[index + 1];
    const after = next ? lastDueDay(now, next.daysBefore) : tokyoToday(now);
    const until = lastDueDay(now, kind.daysBefore);
    for (const due of await followUps.dueGuides(brand, kind, after, until)) {
      if (dueFrom(due.nextExpiry, kind.daysBefore) > now) continue;
      if (await followUps.markGuided(due.id, kind, now.toISOString(), newBookingToken())) {
        await queue(due.id, kind.channel);
      }
    }
  }
}
