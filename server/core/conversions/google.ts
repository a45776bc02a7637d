/**
 * Google's Data Manager API (offline click conversions), read 2026-11-25:
 * https://developers.google.com/data-manager/api/reference/rest/v1/events/ingest, its Google Ads
 * field mappings, and https://developers.google.com/identity/protocols/oauth2/service-account for
 * the token (an RS256 JWT bearer grant). adPersonalization is never asked for, so it is denied.
 */
import { importPKCS8, SignJWT } from 'jose';
import { namesHashedContactProvision } from '../../../src/content/externalTransmission';
import type { StoredLead } from '../leadStore';
import {
  configOf,
  contactToHash,
  dayMs,
  decideConversion,
  postJson,
  sha256Hex,
  trackingValue,
  type ConversionContext,
} from './conversionChannel';
import type { ConversionChannel } from './conversionChannel';

const scope = 'https://www.googleapis.com/auth/datamanager';

/** One click id per conversion: gclid (kept as `gaid`), else gbraid or wbraid. */
function adIdentifiersOf(lead: StoredLead): Record<string, string> | undefined {
  const gclid = trackingValue(lead, 'gaid');
  if (gclid) return { gclid };
  const gbraid = trackingValue(lead, 'gbraid');
  if (gbraid) return { gbraid };
  const wbraid = trackingValue(lead, 'wbraid');
  return wbraid ? { wbraid } : undefined;
}

/** @internal The request body; exported for the payload's tests. */
export async function googleEvents(
  lead: StoredLead,
  destination: { customerId: string; conversionActionId: string },
): Promise<Record<string, unknown>> {
  const contact = contactToHash(lead);
  const identifiers: Record<string, string>[] = [];
  if (contact.email) identifiers.push({ emailAddress: await sha256Hex(contact.email) });
  if (contact.phoneE164) identifiers.push({ phoneNumber: await sha256Hex(contact.phoneE164) });
  const granted = namesHashedContactProvision(lead.matching?.privacyPolicyVersion);
  return {
    destinations: [
      {
        operatingAccount: {
          accountType: 'GOOGLE_ADS',
          accountId: destination.customerId.replace(/-/g, ''),
        },
        productDestinationId: destination.conversionActionId,
      },
    ],
    encoding: 'HEX',
    events: [
      {
        transactionId: lead.id,
        eventTimestamp: lead.receivedAt,
        eventSource: 'WEB',
        adIdentifiers: adIdentifiersOf(lead),
        ...(identifiers.length > 0 && { userData: { userIdentifiers: identifiers } }),
        consent: {
          adUserData: granted ? 'CONSENT_GRANTED' : 'CONSENT_DENIED',
          adPersonalization: 'CONSENT_DENIED',
        },
      },
    ],
  };
}

type Token = { value: string; expiresAt: number };

const tokens = new WeakMap<object, Token>();

async function accessToken(
  ctx: ConversionContext,
  config: { email: string; privateKey: string; tokenEndpoint: string },
): Promise<string> {
  const cached = tokens.get(ctx.env);
  const now = ctx.now().getTime();
  if (cached && cached.expiresAt - 60_000 > now) return cached.value;
  // A key pasted into a secret often keeps its line breaks as "\n".
  const key = await importPKCS8(config.privateKey.replace(/\\n/g, '\n'), 'RS256');
  const issuedAt = Math.floor(now / 1000);
  const assertion = await new SignJWT({ scope })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(config.email)
    .setAudience(config.tokenEndpoint)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(key);
  // Called unbound: the Workers runtime refuses a fetch called as another object's method.
  const post = ctx.fetch;
  let answer: Response;
  try {
    answer = await post(config.tokenEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new Error(`Google's token endpoint could not be reached: ${String(error)}`);
  }
  const body: unknown = await answer.json().catch(() => null);
  const value =
    typeof body === 'object' && body !== null && 'access_token' in body
      ? (body as { access_token: unknown }).access_token
      : undefined;
  if (!answer.ok || typeof value !== 'string') {
    throw new Error(`Google's token endpoint answered ${answer.status}`);
  }
  const expiresIn =
    typeof body === 'object' && body !== null && 'expires_in' in body
      ? Number((body as { expires_in: unknown }).expires_in)
      : 3600;
  tokens.set(ctx.env, {
    value,
    expiresAt: now + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000,
  });
  return value;
}

export const googleChannel: ConversionChannel = {
  name: 'google',
  platform: 'google',
  // Google Ads imports a click conversion up to 90 days after the click; the lead follows it.
  retryWindowMs: 89 * dayMs,
  decide: (lead, ctx) =>
    decideConversion('google', lead, ctx, {
      has: adIdentifiersOf(lead) !== undefined,
      missing: 'gclid・gbraid・wbraid',
    }),
  async send(lead, ctx) {
    const config = configOf('google', ctx.env);
    if (!config) throw new Error('Google: not configured');
    const token = await accessToken(ctx, {
      email: config.GOOGLE_SERVICE_ACCOUNT_EMAIL,
      privateKey: config.GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY,
      tokenEndpoint: config.GOOGLE_OAUTH_TOKEN_ENDPOINT,
    });
    await postJson(
      ctx,
      'Google',
      config.GOOGLE_DATA_MANAGER_ENDPOINT,
      { Authorization: `Bearer ${token}` },
      await googleEvents(lead, {
        customerId: config.GOOGLE_ADS_CUSTOMER_ID,
        conversionActionId: config.GOOGLE_ADS_CONVERSION_ACTION_ID,
      }),
    );
  },
};
