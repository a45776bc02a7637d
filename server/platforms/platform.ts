/** What every ad platform's channels share: the decision to send, hashing, the request. */
import {
  asksAdProvision,
  externalTransmissions,
  type ConversionPlatform,
} from '../../src/content/externalTransmission';
import { field } from '../../src/estimate/contract/fieldTable';
import { japanesePhoneToE164 } from '../../src/lib/japanesePhone';
import type { MatchingCookie } from '../../src/tracking/matchingFields';
import { trackingValueMaxLength, type TrackingKey } from '../../src/tracking/trackingFields';
import { adClicks, clickPlatforms, platformLabels } from './clicks';
import { PermanentRefusal, type ChannelDecision, type DeliveryChannel } from '../delivery/channel';
import type { StoredLead } from '../leads/store';
import type { Stage } from '../staff/stageNames';

/** 予約確定 and 完了: the stages a platform may be told of (stages.ts), each once per lead. */
export const conversionStages = ['booked', 'completed'] as const satisfies readonly Stage[];
export type ConversionStage = (typeof conversionStages)[number];

export type ConversionContext = {
  /** The Worker's bindings: the platforms' variables among them. */
  env: Readonly<Record<string, unknown>>;
  fetch: typeof fetch;
  now: () => Date;
};

export type ConversionChannel = DeliveryChannel<ConversionContext> & {
  readonly platform: ConversionPlatform;
};

export type StageConversionChannel = ConversionChannel & { readonly stage: ConversionStage };

export type PlatformKey = {
  readonly id: ConversionPlatform;
  readonly variables: readonly string[];
};

// Its variables turn it on, all or none: endpoints among them, so tests point them at local
// receivers. `options` are the optional ones (test modes, stage actions).
export type AdPlatform = PlatformKey & {
  readonly options: readonly string[];
  readonly endpoints: Readonly<Record<string, string>>;
  readonly lead: ConversionChannel;
  readonly stages: Readonly<Record<ConversionStage, StageConversionChannel>>;
};

export function configOf<V extends string>(
  variables: readonly V[],
  env: ConversionContext['env'],
): Record<V, string> | null {
  const config: Record<string, string> = {};
  for (const name of variables) {
    const value = setting(env, name);
    if (!value) return null;
    config[name] = value;
  }
  return config as Record<V, string>;
}

/** A variable's value, trimmed; undefined when unset or blank. */
export function setting(env: ConversionContext['env'], name: string): string | undefined {
  const value = env[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export function isOn(value: string | undefined): boolean {
  return /^(?:true|1|yes)$/i.test(value ?? '');
}

// The visitor ticked the provision to the ad platforms (adConsent) under a policy version that
// asks for it: nothing of the lead leaves for a platform otherwise (APPI art. 27, 28).
function agreedToAdProvision(lead: StoredLead): boolean {
  return (
    lead.request.adConsent === true &&
    !lead.adConsentWithdrawnAt &&
    asksAdProvision(lead.matching?.privacyPolicyVersion)
  );
}

/** @internal Exported: tests read the reason staff see. */
export const notAgreed = `${field('adConsent').label}に同意なし`;

/** The person withdrew it (APPI art. 35, server/staff/people.ts): nothing is sent after. */
export const withdrawnReason = `${field('adConsent').label}の同意撤回`;

// Off unless the published table lists the platform (decision 009). `matchable.has`: the lead came
// from the platform's ad (its click id, or the click its tag keeps in a cookie): the policy
// promises nothing else is sent, a matching contact or browser id alone included (decision 026).
// `unsendable`: a field the platform requires is missing, so it would refuse the event.
export function decideConversion(
  platform: PlatformKey,
  lead: StoredLead,
  ctx: ConversionContext,
  matchable: { has: boolean; missing: string; unsendable?: string },
): ChannelDecision {
  const published = externalTransmissions.some(
    (row) => row.route === 'server' && row.platform === platform.id,
  );
  if (!published) return { kind: 'off' };
  if (!configOf(platform.variables, ctx.env)) return { kind: 'off' };
  if (lead.suspectedSpam) return { kind: 'skip', reason: 'スパム疑い' };
  if (lead.adConsentWithdrawnAt) return { kind: 'skip', reason: withdrawnReason };
  if (!agreedToAdProvision(lead)) return { kind: 'skip', reason: notAgreed };
  if (!matchable.has) return { kind: 'skip', reason: notFromAd(platform.id, lead, matchable) };
  if (matchable.unsendable) return { kind: 'skip', reason: matchable.unsendable };
  return { kind: 'send' };
}

/** Why a lead is not the platform's: no click, or one sent over the cap and dropped, never cut. */
function notFromAd(id: ConversionPlatform, lead: StoredLead, matchable: { missing: string }) {
  const keys = clickPlatforms.find(([platform]) => platform === id)?.[1] ?? [];
  const overlong = lead.matching?.overlongClickIds?.filter((key) => keys.includes(key)) ?? [];
  const params = overlong.map((key) => adClicks.find((click) => click.key === key)?.param ?? key);
  return params.length > 0
    ? `クリックID（${params.join('・')}）が${trackingValueMaxLength}文字を超えていたため破棄（切り詰めたIDは別のクリックになるため送りません）`
    : `${platformLabels[id]}の広告からの来訪ではありません（${matchable.missing}なし）`;
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

const gmailDomains = ['gmail.com', 'googlemail.com'];

/** Google's formatting guide: dots and +suffix go only from gmail.com and googlemail.com names. */
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

// 400, 401, 403 and 404 are refusals a retry cannot change (PermanentRefusal); 429, 5xx and a
// network failure are retried by the queue.
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
