/**
 * What the four ad platforms' conversion channels share (server/core/conversions/): their context,
 * their configuration variables, the decision every one of them makes the same way, the lead's
 * fields they read, and the hashing of contact data. Fetch API and Web Crypto only, so the local
 * origin and the Worker run the same code.
 */
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

/**
 * Each platform's configuration variables (Worker secrets or vars of the brand's Worker; the
 * brand is the Worker's). A channel is "off" until every one of its variables is set; the
 * endpoints are variables too, so tests and the smoke suite point them at local receivers.
 * docs/deploy.md names each with its production value.
 */
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
 * The platforms' production endpoints (each channel's file cites the page that gives it): the
 * Worker's vars outside local runs (deploy/cloudflare/config.ts), where the environment gives no
 * other. Local runs set none: there a channel is off until its endpoint is given too.
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
  /** The brand's configuration (its Worker's bindings). */
  env: Partial<Record<ConversionVariable, string>>;
  fetch: typeof fetch;
  now: () => Date;
};

export type ConversionChannel = DeliveryChannel<ConversionContext> & {
  readonly platform: ConversionPlatform;
};

/** Every variable of `platform`, or null when one is missing (the channel is then off). */
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

/**
 * The decision of every conversion channel: off unless the published table
 * (externalTransmission.ts) lists the platform and its configuration is complete; skipped for
 * suspected spam and for a lead that carries nothing of the platform (`matchable` says what).
 */
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
  // Reasons for staff, as the CSV shows them: 送信なし（…）.
  if (lead.suspectedSpam) return { kind: 'skip', reason: 'スパム疑い' };
  if (!matchable.has) return { kind: 'skip', reason: `${matchable.missing}なし` };
  return { kind: 'send' };
}

/** A tracking value of the lead's validated request (already cleaned by the schema). */
export function trackingValue(lead: StoredLead, key: TrackingKey): string | undefined {
  return lead.request.tracking[key] || undefined;
}

export function cookieValue(lead: StoredLead, name: MatchingCookie): string | undefined {
  return lead.matching?.cookies[name];
}

/** The event time platforms take in seconds: the lead's receivedAt. */
export function eventSeconds(lead: StoredLead): number {
  return Math.floor(Date.parse(lead.receivedAt) / 1000);
}

/** Lowercase hex SHA-256 of a UTF-8 string (Web Crypto, in Node and Workers alike). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The lead's e-mail (trimmed, lowercased) and phone (E.164, "+819012345678"), normalised as the
 * platforms ask before hashing, and only for a lead whose agreed privacy policy names their
 * provision to ad platforms; otherwise nothing (the platform gets the click id alone).
 */
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

/** POSTs JSON; resolves on a 2xx, throws with the platform's answer (for staff) otherwise. */
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
