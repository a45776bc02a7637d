import {
  externalTransmissions,
  namesHashedContactProvision,
  type ConversionPlatform,
} from '../../../src/content/externalTransmission';
import { japanesePhoneToE164 } from '../../../src/lib/japanesePhone';
import type { MatchingCookie } from '../../../src/tracking/matchingFields';
import type { TrackingKey } from '../../../src/tracking/trackingFields';
import type { ChannelDecision, DeliveryChannel } from '../deliveryChannel';
import type { StoredLead } from '../leadStore';

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

type ConversionVariable = (typeof conversionVariables)[ConversionPlatform][number];

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

/** Off unless the published table (externalTransmission.ts) lists the platform (decision 009). */
export function decideConversion(
  platform: ConversionPlatform,
  lead: StoredLead,
  ctx: ConversionContext,
  matchable: { has: boolean; missing: string },
): ChannelDecision {
  const published = externalTransmissions.some(
    (row) => row.route === 'server' && row.platform === platform,
  );
  if (!published) return { kind: 'off' };
  if (!configOf(platform, ctx.env)) return { kind: 'off' };
  if (lead.suspectedSpam) return { kind: 'skip', reason: 'スパム疑い' };
  if (!matchable.has) return { kind: 'skip', reason: `${matchable.missing}なし` };
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

export function contactToHash(lead: StoredLead): { email?: string; phoneE164?: string } {
  if (!namesHashedContactProvision(lead.matching?.privacyPolicyVersion)) return {};
  const { customer } = lead.request;
  const result: { email?: string; phoneE164?: string } = {};
  const email = customer.email.trim().toLowerCase();
  if (email) result.email = email;
  const phone = japanesePhoneToE164(customer.phone);
  if (phone) result.phoneE164 = phone;
  return result;
}

export async function postJson(
  ctx: ConversionContext,
  platform: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<void> {
  // Called unbound: the Workers runtime refuses a fetch called as another object's method.
  const post = ctx.fetch;
  let answer: Response;
  try {
    answer = await post(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new Error(`${platform} could not be reached: ${String(error)}`);
  }
  const text = await answer.text().catch(() => '');
  if (!answer.ok) throw new Error(`${platform} answered ${answer.status}: ${text.slice(0, 300)}`);
}

export const dayMs = 24 * 60 * 60 * 1000;
