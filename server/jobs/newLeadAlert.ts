// Cron: leads still 新規 past NEW_LEAD_ALERT_HOURS business hours are mailed to ops once each
// (leads.stale_alerted_at), the oldest 50 at a time, with the 仮予約 no one confirmed within
// their shop's confirmation time.
import { unconfirmedHolds } from '../booking/staleHolds';
import { D1Bookings } from '../db/bookings';
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
  const holds = (await unconfirmedHolds(new D1Bookings(env.DB), brand, now)).filter(
    (hold) => !stale.some((lead) => lead.id === hold.id),
  );
  if (stale.length === 0 && holds.length === 0) return;
  const site = env.SITE_URL || undefined;
  await ops.mailer.send(staleLeadsAlertMail(brand, ops.sender, ops.to, stale, hours, site, holds));
  await staff.markStaleAlerted(
    [...stale, ...holds].map((lead) => lead.id),
    now.toISOString(),
  );
}
