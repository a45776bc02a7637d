/** The Cron Triggers' jobs (deploy/cloudflare/config.ts), each `(env, now)`, one's failure aside. */
import type { Env } from '../env';
import { newLeadAlert } from './newLeadAlert';
import { sweepOutbox } from './outboxSweep';
import { eraseExpiredLeads } from './retention';
import { sendFollowUps } from '../reminders/jobs';

const cronJobs: readonly ((env: Env, now: Date) => Promise<void>)[] = [
  sweepOutbox,
  newLeadAlert,
  eraseExpiredLeads,
  sendFollowUps,
];

export async function runJobs(env: Env, now: Date): Promise<void> {
  const results = await Promise.allSettled(cronJobs.map((job) => job(env, now)));
  for (const result of results) {
    if (result.status === 'rejected') console.error('[cron]', result.reason);
  }
  if (results.some((result) => result.status === 'rejected')) throw new Error('a cron job failed');
}
