// Cron: leads still 新規 past NEW_LEAD_ALERT_HOURS business hours are mailed to ops once each
// (leads.stale_alerted_at), the oldest 50 at a time.
import { D1LeadStore } from '../db/leads';
import { D1Staff } from '../db/staff';
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

export async function newLeadAlert(env: NewLeadAlertEnv, now: Date): Promise<void> {
  const brand = brandOf(env);
  const ops = opsMail(env, brand);
  if (!ops) return;
  const hours = staleAfterHoursOf(env);
  const before = businessHoursBefore(now, hours, hoursOf(env));
  const staff = new D1Staff(env.DB, new D1LeadStore(env.DB));
  const stale = await staff.staleLeads(brand, before.toISOString());
  if (stale.length === 0) return;
  await ops.mailer.send(
    staleLeadsAlertMail(brand, ops.sender, ops.to, stale, hours, env.SITE_URL || undefined),
  );
  await staff.markStaleAlerted(
    stale.map((lead) => lead.id),
    now.toISOString(),
  );
}
