// Cron: the oldest leads past the retention period are erased, a batch a run; the next carries on.
import { keepRetention } from '../leads/retention';
import { D1LeadStore } from '../db/leads';
import { brandOf, type Env } from '../env';

export async function eraseExpiredLeads(env: Pick<Env, 'DB' | 'BRAND'>, now: Date): Promise<void> {
  const brand = brandOf(env);
  const erased = await keepRetention(new D1LeadStore(env.DB), brand, now);
  if (erased > 0) console.log(`[retention] ${brand}: erased ${erased} leads past the period`);
}
