/**
 * Meta's Conversions API, read 2026-11-25:
 * https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/ (v25.0).
 * `event_id` deduplicates against the Pixel's event of the same name (docs/tracking.md).
 */
import type { StoredLead } from '../leads/store';
import {
  configOf,
  contactToHash,
  cookieValue,
  dayMs,
  decideConversion,
  eventSeconds,
  postJson,
  sha256Hex,
  trackingValue,
  type ConversionChannel,
  type ConversionContext,
} from './platform';
import type { SendResult } from '../delivery/channel';

/** `_fbc`, or one made from the fbclid in Meta's documented format. */
export function fbcOf(lead: StoredLead): string | undefined {
  const cookie = cookieValue(lead, '_fbc');
  if (cookie) return cookie;
  const fbclid = trackingValue(lead, 'fbclid');
  return fbclid ? `fb.1.${Date.parse(lead.receivedAt)}.${fbclid}` : undefined;
}

/**
 * Meta refuses a website event without client_user_agent (and event_source_url): the lead is not
 * sent, and says why, rather than retried into the same refusal.
 */
function unsendable(lead: StoredLead): string | undefined {
  if (!lead.matching?.userAgent)
    return 'ユーザーエージェントなし（Metaのウェブサイトイベントに必須）';
  if (!lead.matching.eventSourceUrl)
    return '送信元ページのURLなし（Metaのウェブサイトイベントに必須）';
  return undefined;
}

/** Hashed contacts and Meta's click and browser ids: what any event of the lead carries. */
export async function metaUserData(lead: StoredLead): Promise<Record<string, unknown>> {
  const contact = contactToHash(lead);
  const userData: Record<string, unknown> = {};
  if (contact.email) userData.em = [await sha256Hex(contact.email)];
  // Meta's phone: the E.164 digits without the plus.
  if (contact.phoneE164) userData.ph = [await sha256Hex(contact.phoneE164.slice(1))];
  const fbc = fbcOf(lead);
  if (fbc) userData.fbc = fbc;
  const fbp = cookieValue(lead, '_fbp');
  if (fbp) userData.fbp = fbp;
  return userData;
}

/** @internal The request body without the token; exported for the payload's tests. */
export async function metaEvent(
  lead: StoredLead,
  options: { testEventCode?: string } = {},
): Promise<Record<string, unknown>> {
  const matching = lead.matching;
  const userData = await metaUserData(lead);
  if (matching?.clientAddress) userData.client_ip_address = matching.clientAddress;
  if (matching?.userAgent) userData.client_user_agent = matching.userAgent;
  return {
    data: [
      {
        event_name: 'Lead',
        event_time: eventSeconds(lead),
        event_id: lead.id,
        action_source: 'website',
        ...(matching?.eventSourceUrl && { event_source_url: matching.eventSourceUrl }),
        user_data: userData,
      },
    ],
    // Events Manager's テストイベント shows these apart; they are not counted.
    ...(options.testEventCode && { test_event_code: options.testEventCode }),
  };
}

export const metaChannel: ConversionChannel = {
  name: 'meta',
  platform: 'meta',
  // Meta refuses an event_time more than 7 days old; stop a little before, so no try is refused.
  retryWindowMs: 7 * dayMs - 60 * 60 * 1000,
  decide: (lead, ctx) =>
    decideConversion('meta', lead, ctx, {
      has:
        Boolean(fbcOf(lead) ?? cookieValue(lead, '_fbp')) ||
        Object.keys(contactToHash(lead)).length > 0,
      missing: 'fbclid・_fbc・_fbp',
      unsendable: unsendable(lead),
    }),
  send: (lead, ctx) => sendToMeta(ctx, (testEventCode) => metaEvent(lead, { testEventCode })),
};

/** Posts the body `build` makes (with the test code, when one is set) to the dataset's events. */
export async function sendToMeta(
  ctx: ConversionContext,
  build: (testEventCode: string | undefined) => Promise<Record<string, unknown>>,
): Promise<SendResult> {
  const config = configOf('meta', ctx.env);
  if (!config) throw new Error('Meta: not configured');
  const url = `${config.META_CONVERSIONS_ENDPOINT.replace(/\/$/, '')}/${encodeURIComponent(config.META_PIXEL_ID)}/events`;
  const testEventCode = ctx.env.META_TEST_EVENT_CODE?.trim() || undefined;
  await postJson(
    ctx,
    'Meta',
    url,
    {},
    { ...(await build(testEventCode)), access_token: config.META_ACCESS_TOKEN },
  );
  return testEventCode ? { test: true } : undefined;
}
