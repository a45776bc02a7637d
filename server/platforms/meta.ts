// Meta's Conversions API (v25.0), read 2026-11-25:
// https://developers.facebook.com/docs/marketing-api/conversions-api/parameters/ and, for stages,
// https://developers.facebook.com/docs/marketing-api/conversions-api/offline-events.
// `event_id` deduplicates against the Pixel's event of the same name.
import type { SendResult } from '../delivery/channel';
import { sha256Hex } from '../leads/contentHash';
import type { StoredLead } from '../leads/store';
import { stageLabels } from '../staff/stageNames';
import {
  configOf,
  contactToHash,
  cookieValue,
  dayMs,
  decideConversion,
  eventSeconds,
  postJson,
  setting,
  trackingValue,
  type AdPlatform,
  type ConversionChannel,
  type ConversionContext,
  type ConversionStage,
  type StageConversionChannel,
} from './platform';
import {
  completedYen,
  decideStage,
  nothingCompletedNow,
  stageConversionName,
  stageEventId,
  stageTime,
} from './stages';

const key = {
  id: 'meta',
  variables: ['META_CONVERSIONS_ENDPOINT', 'META_PIXEL_ID', 'META_ACCESS_TOKEN'],
} as const;

/** Meta refuses an event_time more than 7 days old; stop an hour before, so no try is refused. */
const windowMs = 7 * dayMs - 60 * 60 * 1000;

/** `_fbc`, or one made from the fbclid in Meta's documented format. */
function fbcOf(lead: StoredLead): string | undefined {
  const cookie = cookieValue(lead, '_fbc');
  if (cookie) return cookie;
  const fbclid = trackingValue(lead, 'fbclid');
  return fbclid ? `fb.1.${Date.parse(lead.receivedAt)}.${fbclid}` : undefined;
}

/** Meta refuses a website event without client_user_agent or event_source_url: skip, not retry. */
function unsendable(lead: StoredLead): string | undefined {
  if (!lead.matching?.userAgent)
    return 'ユーザーエージェントなし（Metaのウェブサイトイベントに必須）';
  if (!lead.matching.eventSourceUrl)
    return '送信元ページのURLなし（Metaのウェブサイトイベントに必須）';
  return undefined;
}

async function metaUserData(lead: StoredLead): Promise<Record<string, unknown>> {
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

const metaChannel: ConversionChannel = {
  name: 'meta',
  platform: 'meta',
  retryWindowMs: windowMs,
  decide: (lead, ctx) =>
    decideConversion(key, lead, ctx, {
      has: fbcOf(lead) !== undefined,
      missing: 'fbclid・_fbc',
      unsendable: unsendable(lead),
    }),
  send: (lead, ctx) => sendToMeta(ctx, (testEventCode) => metaEvent(lead, { testEventCode })),
};

async function sendToMeta(
  ctx: ConversionContext,
  build: (testEventCode: string | undefined) => Promise<Record<string, unknown>>,
): Promise<SendResult> {
  const config = configOf(key.variables, ctx.env);
  if (!config) throw new Error('Meta: not configured');
  const url = `${config.META_CONVERSIONS_ENDPOINT.replace(/\/$/, '')}/${encodeURIComponent(config.META_PIXEL_ID)}/events`;
  const testEventCode = setting(ctx.env, 'META_TEST_EVENT_CODE');
  await postJson(
    ctx,
    'Meta',
    url,
    {},
    { ...(await build(testEventCode)), access_token: config.META_ACCESS_TOKEN },
  );
  return testEventCode ? { test: true } : undefined;
}

/** Meta's standard events: Schedule (an appointment booked at a location), Purchase (paid). */
const stageEventNames = { booked: 'Schedule', completed: 'Purchase' } as const;

/** @internal The request body without the token; exported for the payload's tests. */
export async function metaStageEvent(
  lead: StoredLead,
  stage: ConversionStage,
  options: { testEventCode?: string } = {},
): Promise<Record<string, unknown>> {
  const yen = completedYen(lead);
  const at = Date.parse(stageTime(lead, stageConversionName('meta', stage)));
  return {
    data: [
      {
        event_name: stageEventNames[stage],
        event_time: Math.floor(at / 1000),
        event_id: stageEventId(lead, stage),
        action_source: 'physical_store',
        user_data: await metaUserData(lead),
        ...(stage === 'completed' &&
          yen !== undefined && { custom_data: { value: yen, currency: 'JPY' } }),
      },
    ],
    ...(options.testEventCode && { test_event_code: options.testEventCode }),
  };
}

function metaStage(stage: ConversionStage): StageConversionChannel {
  const name = stageConversionName('meta', stage);
  return {
    name,
    platform: 'meta',
    stage,
    retryWindowMs: windowMs,
    windowStart: (lead) => stageTime(lead, name),
    decide(lead, ctx) {
      const decision = decideStage(key, stage, lead, ctx, {
        has: fbcOf(lead) !== undefined,
        ids: 'fbclid・_fbc',
      });
      if (decision.kind !== 'send') return decision;
      if (ctx.now().getTime() - Date.parse(stageTime(lead, name)) > windowMs) {
        return {
          kind: 'skip',
          reason: `${stageLabels[stage]}から7日を過ぎています（Metaの受付期限）`,
        };
      }
      return decision;
    },
    async send(lead, ctx) {
      if (stage === 'completed' && completedYen(lead) === undefined) throw nothingCompletedNow();
      return sendToMeta(ctx, (testEventCode) => metaStageEvent(lead, stage, { testEventCode }));
    },
  };
}

export const meta = {
  ...key,
  options: ['META_TEST_EVENT_CODE'],
  endpoints: { META_CONVERSIONS_ENDPOINT: 'https://graph.facebook.com/v25.0' },
  lead: metaChannel,
  stages: { booked: metaStage('booked'), completed: metaStage('completed') },
} as const satisfies AdPlatform;
