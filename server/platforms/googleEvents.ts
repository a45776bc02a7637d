// Google's Data Manager API, read 2026-11-26:
// https://developers.google.com/data-manager/api/reference/rest/v1/events/ingest; the token is an
// RS256 JWT bearer grant (https://developers.google.com/identity/protocols/oauth2/service-account).
// adPersonalization is never asked of the visitor, so it is denied.
import { importPKCS8, SignJWT } from 'jose';
import type { CheckResult } from '../delivery/channel';
import { sha256Hex } from '../leads/contentHash';
import type { StoredLead } from '../leads/store';
import {
  configOf,
  contactToHash,
  cookieValue,
  googleEmail,
  trackingValue,
  type ConversionContext,
} from './platform';

export const googleVariables = [
  'GOOGLE_DATA_MANAGER_ENDPOINT',
  'GOOGLE_OAUTH_TOKEN_ENDPOINT',
  'GOOGLE_SERVICE_ACCOUNT_EMAIL',
  'GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY',
  'GOOGLE_ADS_CUSTOMER_ID',
  'GOOGLE_ADS_CONVERSION_ACTION_ID',
] as const;

const scope = 'https://www.googleapis.com/auth/datamanager';

/** The Conversion Linker's `GCL.<seconds>.<click id>`: the click id and when it was. */
function linkerClick(value: string | undefined): { id: string; at: number } | undefined {
  const match = value ? /^GCL\.(\d+)\.(.+)$/.exec(value) : null;
  return match ? { id: match[2]!, at: Number(match[1]) * 1000 } : undefined;
}

export type GoogleClick = { ids: Record<string, string>; at: number };

/**
 * The visit's click id (wbraid before gbraid: a web lead's is wbraid), dated by the lead, since
 * our cookie keeps it a day; else the Conversion Linker's, dated by its own click (it keeps 90).
 */
export function googleClickOf(lead: StoredLead): GoogleClick | undefined {
  const at = Date.parse(lead.receivedAt);
  for (const [key, name] of [
    ['gaid', 'gclid'],
    ['wbraid', 'wbraid'],
    ['gbraid', 'gbraid'],
  ] as const) {
    const id = trackingValue(lead, key);
    if (id) return { ids: { [name]: id }, at };
  }
  for (const [cookie, name] of [
    ['_gcl_aw', 'gclid'],
    ['_gcl_gb', 'gbraid'],
  ] as const) {
    const linked = linkerClick(cookieValue(lead, cookie));
    if (linked) return { ids: { [name]: linked.id }, at: Math.min(linked.at, at) };
  }
  return undefined;
}

export function adIdentifiersOf(lead: StoredLead): Record<string, string> | undefined {
  return googleClickOf(lead)?.ids;
}

/** `transactionId` is Google's deduplication key within the conversion action. */
export type GoogleConversion = {
  transactionId: string;
  eventTimestamp: string;
  eventSource: 'WEB' | 'IN_STORE' | 'OTHER';
  yen?: number;
};

const leadConversion = (lead: StoredLead): GoogleConversion => ({
  transactionId: lead.id,
  eventTimestamp: lead.receivedAt,
  eventSource: 'WEB',
});

/** The request body. */
export async function googleEvents(
  lead: StoredLead,
  destination: { customerId: string; conversionActionId: string; loginCustomerId?: string },
  options: { validateOnly?: boolean } = {},
  conversion: GoogleConversion = leadConversion(lead),
): Promise<Record<string, unknown>> {
  const contact = contactToHash(lead);
  const identifiers: Record<string, string>[] = [];
  if (contact.email) {
    identifiers.push({ emailAddress: await sha256Hex(googleEmail(contact.email)) });
  }
  if (contact.phoneE164) identifiers.push({ phoneNumber: await sha256Hex(contact.phoneE164) });
  const adIdentifiers = adIdentifiersOf(lead);
  return {
    destinations: [
      {
        operatingAccount: {
          accountType: 'GOOGLE_ADS',
          accountId: destination.customerId.replace(/-/g, ''),
        },
        ...(destination.loginCustomerId && {
          loginAccount: {
            accountType: 'GOOGLE_ADS',
            accountId: destination.loginCustomerId.replace(/-/g, ''),
          },
        }),
        productDestinationId: destination.conversionActionId,
      },
    ],
    encoding: 'HEX',
    ...(options.validateOnly && { validateOnly: true }),
    events: [
      {
        transactionId: conversion.transactionId,
        eventTimestamp: conversion.eventTimestamp,
        eventSource: conversion.eventSource,
        ...(conversion.yen !== undefined && { conversionValue: conversion.yen, currency: 'JPY' }),
        ...(adIdentifiers && { adIdentifiers }),
        ...(identifiers.length > 0 && { userData: { userIdentifiers: identifiers } }),
        // Only a lead that agreed is sent (decideConversion): it agreed to this use of its data.
        consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
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

export function tokenOf(ctx: ConversionContext): Promise<string> {
  const config = configOf(googleVariables, ctx.env);
  if (!config) throw new Error('Google: not configured');
  return accessToken(ctx, {
    email: config.GOOGLE_SERVICE_ACCOUNT_EMAIL,
    privateKey: config.GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY,
    tokenEndpoint: config.GOOGLE_OAUTH_TOKEN_ENDPOINT,
  });
}

/** ProcessingErrorReason (the Data Manager API's reference) in words for staff. */
const reasonWords: Record<string, string> = {
  PROCESSING_ERROR_REASON_EVENT_TOO_OLD: 'コンバージョンが古すぎます',
  PROCESSING_ERROR_REASON_DENIED_CONSENT: '広告へのデータ利用の同意が拒否されています',
  PROCESSING_ERROR_REASON_NO_CONSENT: '広告アカウントで第三者データの同意が設定されていません',
  PROCESSING_ERROR_REASON_UNKNOWN_CONSENT: '同意の有無を判定できませんでした',
  PROCESSING_ERROR_REASON_DUPLICATE_GCLID: '同じクリックと日時のコンバージョンが登録済みです',
  PROCESSING_ERROR_REASON_DUPLICATE_TRANSACTION_ID: '同じ受付番号のコンバージョンが登録済みです',
  PROCESSING_ERROR_REASON_INVALID_GBRAID: 'gbraid を読み取れませんでした',
  PROCESSING_ERROR_REASON_INVALID_GCLID: 'クリックID（gclid）を読み取れませんでした',
  PROCESSING_ERROR_REASON_INVALID_WBRAID: 'wbraid を読み取れませんでした',
  PROCESSING_ERROR_REASON_INTERNAL_ERROR: 'Google側の内部エラー',
  PROCESSING_ERROR_REASON_DESTINATION_ACCOUNT_ENHANCED_CONVERSIONS_TERMS_NOT_SIGNED:
    '広告アカウントで拡張コンバージョンの規約に同意していません',
  PROCESSING_ERROR_REASON_INVALID_EVENT: 'イベントの内容が正しくありません',
  PROCESSING_ERROR_REASON_INVALID_FORMAT: 'データの形式が正しくありません',
};

function reasonsOf(status: Record<string, unknown>): string {
  const info = status.errorInfo as { errorCounts?: { reason?: unknown }[] } | undefined;
  const reasons = (info?.errorCounts ?? []).map((count) => String(count.reason ?? ''));
  const words = reasons
    .filter(Boolean)
    .map((reason) => reasonWords[reason] ?? `Googleの理由コード ${reason}`);
  return words.length > 0 ? words.join('、') : 'Googleが理由を示していません';
}

/** The reference says FAILED; FAILURE reads alike. */
export function googleReport(body: unknown): CheckResult {
  const list = (body as { requestStatusPerDestination?: unknown[] } | null)
    ?.requestStatusPerDestination;
  const status = (Array.isArray(list) ? list[0] : undefined) as Record<string, unknown> | undefined;
  switch (status?.requestStatus) {
    case 'SUCCESS':
      return { report: 'accepted' };
    case 'PARTIAL_SUCCESS':
      return { report: 'partial', reason: reasonsOf(status) };
    case 'FAILED':
    case 'FAILURE':
      return { report: 'failed', reason: reasonsOf(status) };
    default:
      return { report: 'waiting' };
  }
}
