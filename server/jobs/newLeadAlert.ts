// Cron: leads still 新規 past NEW_LEAD_ALERT_HOURS business hours are mailed to ops once each
// (leads.stale_alerted_at), the oldest 50 at a time.
import { opsMail } from '../delivery/mailer';
import { brandOf, type Env } from '../env';
import { hoursOf } from '../site/hours';
import { businessHoursBefore, staleAfterHoursOf, staleLeadsAlertMail } from '../staff/staleLeads';

type NewLeadAlertEnv = Pick<
  Env,
  | 'DB'
  | 'BRAND'
  | 'OPS_MAIL_TO'
  | 'BUSINESS_START_TIME'
  | 'BUSINESS_END_TIME'
  | 'NEW_LEAD_ALERT_HOURS'
  | 'SITE_URL'
> & { EMAIL?: Pick<SendEmail, 'send'> };

/** @internal Exported for the query-plan test. Its brand and cutoff. */
export const staleLeadsStatement =
  "SELECT id, received_at AS receivedAt FROM leads WHERE brand = ? AND stage = 'new' " +
  'AND received_at < ? AND suspected_spam = 0 AND stale_alerted_at IS NULL ' +
  'ORDER BY received_at LIMIT 50';

export async function newLeadAlert(env: NewLeadAlertEnv, now: Date): Promise<void> {
  const brand = brandOf(env);
  const ops = opsMail(env, brand);
  if (!ops) return;
  const hours = staleAfterHoursOf(env);
  const before = businessHoursBefore(now, hours, hoursOf(env));
  const { results } = await env.DB.prepare(staleLeadsStatement)
    .bind(brand, before.toISOString())
    .all<{ id: string; receivedAt: string }>();
  if (results.length === 0) return;
  await ops.mailer.send(
    staleLeadsAlertMail(brand, ops.sender, ops.to, results, hours, env.SITE_URL || undefined),
  );
  await env.DB.batch(
    results.map((lead) =>
      env.DB.prepare('UPDATE leads SET stale_alerted_at = ? WHERE id = ?').bind(
        now.toISOString(),
        lead.id,
      ),
    ),
  );
}
