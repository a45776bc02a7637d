import {
  asksAdProvision,
  externalTransmissions,
  type ConversionPlatform,
} from '../../src/content/externalTransmission';
import { field } from '../../src/estimate/contract/fieldTable';
import { japanesePhoneToE164 } from '../../src/lib/japanesePhone';
import type { MatchingCookie } from '../../src/tracking/matchingFields';
import type { TrackingKey } from '../../src/tracking/trackingFields';
import { PermanentRefusal, type ChannelDecision, type DeliveryChannel } from '../delivery/channel';
import type { StoredLead } from '../leads/store';

/** Off until all are set; endpoints are variables too, so tests point them at local receivers. */
export const conversionVariables = {
  google: [
    'GOOGLE_DATA_MANAGER_ENDPOINT',
    'GOOGLE_OAUTH_TOKEN_ENDPOINT',
    'GOOGLE_SERVICE_ACCOUNT_EMAIL',
    'GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY',
    'GOOGLE_ADS_CUSTOMER_ID',
    'GOOGLE_ADS_CONVERSION_ACTION_ID',
  ],
  meta: ['META_CONVERSIONS_ENDPOINT', 'META_PIXEL_ID', 'META_ACCESS_TOKEN'],
  yahoo: ['YAHOO_CONVERSION_ENDPOINT', 'YAHOO_TAG_ID', 'YAHOO_TAG_ACCESS_TOKEN'],
  line: ['LINE_CONVERSION_ENDPOINT', 'LINE_TAG_ID', 'LINE_TAG_ACCESS_TOKEN'],
} as const satisfies Record<ConversionPlatform, readonly string[]>;

/**
 * Optional, per brand's Worker: Google's conversion actions for 予約確定 and 完了 (stageConversions.ts),
 * each platform's test mode (docs/deploy.md, going live), Google's status checks (decision 018)
 * and LINEヤフー's event snippet.
 */
export const conversionOptions = [
  'GOOGLE_ADS_BOOKED_CONVERSION_ACTION_ID',
  'GOOGLE_ADS_COMPLETED_CONVERSION_ACTION_ID',
  'GOOGLE_VALIDATE_ONLY',
  'GOOGLE_STATUS_DELAY_SECONDS',
  'GOOGLE_STATUS_MAX_CHECKS',
  'META_TEST_EVENT_CODE',
  'YAHOO_EVENT_SNIPPET_ID',
  'YAHOO_TEST_FLAG',
] as const;

type ConversionVariable =
  (typeof conversionVariables)[ConversionPlatform][number] | (typeof conversionOptions)[number];

/**
 * The Worker's vars outside local runs (deploy/cloudflare/config.ts); local runs set none.
 * @internal Exported for the Worker's config generator, a deploy script.
 */
export const productionEndpoints = {
  GOOGLE_DATA_MANAGER_ENDPOINT: 'https://datamanager.googleapis.com/v1/events:ingest',
  GOOGLE_OAUTH_TOKEN_ENDPOINT: 'https://oauth2.googleapis.com/token',
  META_CONVERSIONS_ENDPOINT: 'https://graph.facebook.com/v25.0',
  YAHOO_CONVERSION_ENDPOINT: 'https://conversion-api.yahooapis.jp/v1/',
  LINE_CONVERSION_ENDPOINT: 'https://conversion-api.tr.line.me/v1',
} as const satisfies Partial<Record<ConversionVariable, string>>;

export type ConversionContext = {
  env: Partial<Record<ConversionVariable, string>>;
  fetch: typeof fetch;
  now: () => Date;
};

export type ConversionChannel = DeliveryChannel<ConversionContext> & {
  readonly platform: ConversionPlatform;
};

export function configOf<P extends ConversionPlatform>(
  platform: P,
  env: ConversionContext['env'],
): Record<(typeof conversionVariables)[P][number], string> | null {
  const config: Record<string, string> = {};
  for (const name of conversionVariables[platform]) {
    const value = env[name]?.trim();
    if (!value) return null;
    config[name] = value;
  }
  return config as Record<(typeof conversionVariables)[P][number], string>;
}

/** `true`, `1` or `yes`: a switch variable that is on. */
export function isOn(value: string | undefined): boolean {
  return /^(?:true|1|yes)$/i.test(value?.trim() ?? '');
}

/**
 * The visitor ticked the provision to the ad platforms (adConsent) under a policy version that
 * asks for it: nothing of the lead leaves for a platform otherwise (APPI art. 27, 28).
 */
function agreedToAdProvision(lead: StoredLead): boolean {
  return lead.request.adConsent === true && asksAdProvision(lead.matching?.privacyPolicyVersion);
}

/** @internal Exported: tests read the reason staff see. */
export const notAgreed = `${field('adConsent').label}に同意なし`;

/**
 * Off unless the published table (externalTransmission.ts) lists the platform (decision 009).
 * `matchable.unsendable`: a field the platform requires is missing, so it would refuse the event.
 */
export function decideConversion(
  platform: ConversionPlatform,
  lead: StoredLead,
  ctx: ConversionContext,
  matchable: { has: boolean; missing: string; unsendable?: string },
): ChannelDecision {
  const published = externalTransmissions.some(
    (row) => row.route === 'server' && row.platform === platform,
  );
  if (!published) return { kind: 'off' };
  if (!configOf(platform, ctx.env)) return { kind: 'off' };
  if (lead.suspectedSpam) return { kind: 'skip', reason: 'スパム疑い' };
  if (!agreedToAdProvision(lead)) return { kind: 'skip', reason: notAgreed };
  if (matchable.unsendable) return { kind: 'skip', reason: matchable.unsendable };
  if (!matchable.has) return { kind: 'skip', reason: `${matchable.missing}・連絡先なし` };
  return { kind: 'send' };
}

export function trackingValue(lead: StoredLead, key: TrackingKey): string | undefined {
  return lead.request.tracking[key] || undefined;
}

export function cookieValue(lead: StoredLead, name: MatchingCookie): string | undefined {
  return lead.matching?.cookies[name];
}

export function eventSeconds(lead: StoredLead): number {
  return Math.floor(Date.parse(lead.receivedAt) / 1000);
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const gmailDomains = ['gmail.com', 'googlemail.com'];

/**
 * Google's formatting guide: dots and a +suffix are dropped from the name of a gmail.com or
 * googlemail.com address only, never of another domain's, where they are part of the address.
 */
export function googleEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const domain = email.slice(at + 1);
  if (at < 1 || !gmailDomains.includes(domain)) return email;
  const name = email.slice(0, at).split('+')[0]?.replace(/\./g, '') ?? '';
  return name ? `${name}@${domain}` : email;
}

/** Trimmed and lowercased; only for a lead that agreed to the provision. */
export function contactToHash(lead: StoredLead): { email?: string; phoneE164?: string } {
  if (!agreedToAdProvision(lead)) return {};
  const { customer } = lead.request;
  const result: { email?: string; phoneE164?: string } = {};
  const email = customer.email.trim().toLowerCase();
  if (email) result.email = email;
  const phone = japanesePhoneToE164(customer.phone);
  if (phone) result.phoneE164 = phone;
  return result;
}

const permanentStatuses = [400, 401, 403, 404];

/** The platform's own words: Google's and Meta's `error.message`, else the body as it came. */
function platformMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; error_user_msg?: unknown } };
    const { message, error_user_msg: userMessage } = body.error ?? {};
    const words = [message, userMessage].filter((item) => typeof item === 'string');
    if (words.length > 0) return words.join(' / ');
  } catch {
    // Not JSON: the text itself.
  }
  return text;
}

/**
 * A request to a platform; its JSON answer. 400, 401, 403 and 404 are refusals a retry cannot
 * change (PermanentRefusal); 429, 5xx and a network failure are retried by the queue.
 */
export async function requestJson(
  ctx: ConversionContext,
  platform: string,
  url: string,
  init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: unknown },
): Promise<unknown> {
  // Called unbound: the Workers runtime refuses a fetch called as another object's method.
  const call = ctx.fetch;
  let answer: Response;
  try {
    answer = await call(url, {
      method: init.method ?? 'POST',
      headers: {
        ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new Error(`${platform} could not be reached: ${String(error)}`);
  }
  const text = await answer.text().catch(() => '');
  if (!answer.ok) {
    const message = `${platform} answered ${answer.status}: ${platformMessage(text).slice(0, 300)}`;
    throw permanentStatuses.includes(answer.status)
      ? new PermanentRefusal(message)
      : new Error(message);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function postJson(
  ctx: ConversionContext,
  platform: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<unknown> {
  return requestJson(ctx, platform, url, { headers, body });
}

export const dayMs = 24 * 60 * 60 * 1000;
