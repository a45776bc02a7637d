import type { BrandId } from '../../src/brand/brands';
import { channelNamed } from './channels';
import { deadLetterAlertMail } from './leadMail';
import { opsMail } from './mailer';
import type { Deliveries, DeliveryEnv } from './types';

/** 12 hours, the Queues limit. */
export const maxRetryDelaySeconds = 43_200;
const alertIntervalMs = 3600_000;

/** Seconds before the next try after `attempts` failed ones. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), maxRetryDelaySeconds);
}

// At most one alert mail an hour per brand: within the hour after one, the alert waits on the
// queue until the hour is over, then lists what is dead-lettered by then.
export async function alert(
  env: DeliveryEnv,
  brand: BrandId,
  deliveries: Deliveries,
  waited: boolean,
  now: Date,
) {
  const ops = opsMail(env, brand);
  if (!ops) {
    console.error(`[leads] ${brand}: no alert mail (no sender, OPS_MAIL_TO or EMAIL binding)`);
    return;
  }
  const last = await deliveries.lastAlert(brand);
  const wait = last ? Date.parse(last) + alertIntervalMs - now.getTime() : 0;
  if (wait > 0) {
    // An alert that already waited finds a newer one sent: that one listed its leads.
    if (!waited) await env.LEADS.send({ alert: true }, { delaySeconds: Math.ceil(wait / 1000) });
    return;
  }
  const deadLetters = await deliveries.deadLetters(brand);
  if (deadLetters.length === 0) return;
  await ops.mailer.send(
    deadLetterAlertMail(
      brand,
      ops.sender,
      ops.to,
      deadLetters.map((entry) => ({
        leadId: entry.leadId,
        channel: channelNamed(entry.channel)?.label ?? entry.channel,
        lastError: entry.lastError,
      })),
    ),
  );
  await deliveries.alerted(brand, now.toISOString());
}
