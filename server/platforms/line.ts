// LINE's Conversion API (LINE広告), read 2026-11-25: https://conversion-api-docs.linebiz.com/ja/.
// `deduplication_key` is the one the LINE Tag sends. LINE dates a conversion by its arrival, so a
// late retry records the lead on a later day or not at all: retries stop after a day.
import { sha256Hex } from '../leads/contentHash';
import type { StoredLead } from '../leads/store';
import {
  configOf,
  contactToHash,
  cookieValue,
  dayMs,
  decideConversion,
  eventSeconds,
  postJson,
  trackingValue,
  type AdPlatform,
  type ConversionChannel,
} from './platform';
import { declaredStages } from './stages';

const key = {
  id: 'line',
  variables: ['LINE_CONVERSION_ENDPOINT', 'LINE_TAG_ID', 'LINE_TAG_ACCESS_TOKEN'],
} as const;

const clickIdPattern = /^[a-zA-Z0-9\-_]+$/;
const uuidPattern = /^[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}$/;

function clickIdOf(lead: StoredLead): string | undefined {
  const value = trackingValue(lead, 'ldtag_cl');
  return value && clickIdPattern.test(value) ? value : undefined;
}

function browserIdOf(lead: StoredLead): string | undefined {
  const value = cookieValue(lead, '__lt__cid');
  return value && uuidPattern.test(value) ? value : undefined;
}

/** @internal The request body; exported for the payload's tests. */
export async function lineEvents(lead: StoredLead): Promise<Record<string, unknown>[]> {
  const contact = contactToHash(lead);
  const matching = lead.matching;
  const user: Record<string, string> = {};
  const clickId = clickIdOf(lead);
  if (clickId) user.click_id = clickId;
  const browserId = browserIdOf(lead);
  if (browserId) user.browser_id = browserId;
  if (contact.email) user.email = await sha256Hex(contact.email);
  if (contact.phoneE164) user.phone = await sha256Hex(contact.phoneE164);
  const web: Record<string, string> = {};
  if (matching?.eventSourceUrl) web.url = matching.eventSourceUrl;
  if (matching?.userAgent) web.user_agent = matching.userAgent;
  if (matching?.clientAddress) web.ip_address = matching.clientAddress;
  return [
    {
      event: {
        deduplication_key: lead.id,
        event_type: 'conversion',
        event_name: 'Conversion',
        source_type: 'web',
        event_timestamp: eventSeconds(lead),
      },
      user,
      ...(Object.keys(web).length > 0 && { web }),
    },
  ];
}

const lineChannel: ConversionChannel = {
  name: 'line',
  platform: 'line',
  retryWindowMs: dayMs,
  decide: (lead, ctx) =>
    decideConversion(key, lead, ctx, {
      has: Boolean(clickIdOf(lead)),
      missing: 'ldtag_cl',
    }),
  async send(lead, ctx) {
    const config = configOf(key.variables, ctx.env);
    if (!config) throw new Error('LINE: not configured');
    const url = `${config.LINE_CONVERSION_ENDPOINT.replace(/\/$/, '')}/${encodeURIComponent(config.LINE_TAG_ID)}/events`;
    await postJson(
      ctx,
      'LINE',
      url,
      { 'X-Line-TagAccessToken': config.LINE_TAG_ACCESS_TOKEN },
      await lineEvents(lead),
    );
  },
};

/** LINE dates a conversion by its arrival: a later visit's 予約確定 or 完了 cannot be sent. */
const noStages =
  'LINEのコンバージョンAPIは届いた時点を成果の日時とし、後日の来店の成果を送る方法がないため、予約確定・完了は送りません';

export const line = {
  ...key,
  options: [],
  endpoints: { LINE_CONVERSION_ENDPOINT: 'https://conversion-api.tr.line.me/v1' },
  lead: lineChannel,
  stages: declaredStages(key, noStages, {
    has: (lead) => Boolean(trackingValue(lead, 'ldtag_cl')),
    ids: 'ldtag_cl',
  }),
} as const satisfies AdPlatform;
