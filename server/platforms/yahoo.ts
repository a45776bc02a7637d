// LINEヤフー's Conversion API (Yahoo!広告), read 2026-11-25:
// https://ads-developers.yahoo.co.jp/ja/conversion-api/post/30590611.html. `transaction_id`
// deduplicates against the tag's `transactionId`. Display ads only: a search ad's click goes to
// the search-ads API instead (yahooSearch.ts).
import { sha256Hex } from '../leads/contentHash';
import type { StoredLead } from '../leads/store';
import {
  configOf,
  contactToHash,
  cookieValue,
  dayMs,
  decideConversion,
  eventSeconds,
  isOn,
  postJson,
  setting,
  trackingValue,
  type AdPlatform,
  type ConversionChannel,
} from './platform';
import { declaredStages } from './stages';

const key = {
  id: 'yahoo',
  variables: ['YAHOO_CONVERSION_ENDPOINT', 'YAHOO_TAG_ID', 'YAHOO_TAG_ACCESS_TOKEN'],
} as const;

/** The visit's yclid in the cookie's `<timestamp>.<click id>` form, else the tag's `_ly_c`. */
function lyClickOf(lead: StoredLead): string | undefined {
  const yclid = trackingValue(lead, 'yclid');
  return yclid ? `${eventSeconds(lead)}.${yclid}` : cookieValue(lead, '_ly_c');
}

/** A search ad's click is the search-ads API's (yahooSearch.ts), not this one's. */
function searchAdOnly(lead: StoredLead): string | undefined {
  return /(?:^|\.)YSS\./.test(lyClickOf(lead) ?? '')
    ? 'Yahoo!検索広告のクリック（検索広告のコンバージョンAPIで送ります）'
    : undefined;
}

/** @internal The request body; exported for the payload's tests. */
export async function yahooEvent(
  lead: StoredLead,
  tagId: string,
  options: { eventSnippetId?: string; test?: boolean } = {},
): Promise<Record<string, unknown>> {
  const contact = contactToHash(lead);
  const matching = lead.matching;
  const user: Record<string, string> = {};
  if (contact.email) user.hashed_email = await sha256Hex(contact.email);
  if (contact.phoneE164) user.hashed_phone_number = await sha256Hex(contact.phoneE164);
  const lyC = lyClickOf(lead);
  if (lyC) user.ly_c = lyC;
  const lySu = cookieValue(lead, '_ly_su');
  if (lySu) user.ly_su = lySu;
  const lyR = cookieValue(lead, '_ly_r');
  if (lyR) user.ly_r = lyR;
  const web: Record<string, string> = {};
  if (matching?.eventSourceUrl) web.url = matching.eventSourceUrl;
  if (matching?.clientAddress) web.ip = matching.clientAddress;
  if (matching?.userAgent) web.user_agent = matching.userAgent;
  return {
    tag_id: tagId,
    data: [
      {
        event: {
          event_type: 'generate_lead',
          ...(options.eventSnippetId && { event_snippet_id: options.eventSnippetId }),
          event_time: eventSeconds(lead),
          action_source: 'web',
          transaction_id: lead.id,
          ...(options.test && { test_flag: true }),
        },
        user,
        ...(Object.keys(web).length > 0 && { web }),
      },
    ],
  };
}

const yahooChannel: ConversionChannel = {
  name: 'yahoo',
  platform: 'yahoo',
  // event_time must be within the 90 days before the request.
  retryWindowMs: 89 * dayMs,
  decide: (lead, ctx) =>
    decideConversion(key, lead, ctx, {
      has: Boolean(lyClickOf(lead) ?? cookieValue(lead, '_ly_r')),
      missing: 'yclid・_ly_c・_ly_r',
      unsendable: searchAdOnly(lead),
    }),
  async send(lead, ctx) {
    const config = configOf(key.variables, ctx.env);
    if (!config) throw new Error('Yahoo!: not configured');
    const test = isOn(setting(ctx.env, 'YAHOO_TEST_FLAG'));
    await postJson(
      ctx,
      'Yahoo!',
      config.YAHOO_CONVERSION_ENDPOINT,
      { 'X-TagAccessToken': config.YAHOO_TAG_ACCESS_TOKEN },
      await yahooEvent(lead, config.YAHOO_TAG_ID, {
        eventSnippetId: setting(ctx.env, 'YAHOO_EVENT_SNIPPET_ID'),
        test,
      }),
    );
    return test ? { test: true } : undefined;
  },
};

const noStages =
  'LINEヤフーのコンバージョンAPIはサイト上の成果（action_source: web）だけを受け付けるため、予約確定・完了は送りません';

export const yahoo = {
  ...key,
  options: ['YAHOO_EVENT_SNIPPET_ID', 'YAHOO_TEST_FLAG'],
  endpoints: { YAHOO_CONVERSION_ENDPOINT: 'https://conversion-api.yahooapis.jp/v1/' },
  lead: yahooChannel,
  stages: declaredStages(key, noStages, {
    has: (lead) => Boolean(trackingValue(lead, 'yclid') ?? cookieValue(lead, '_ly_c')),
    ids: 'yclid・_ly_c',
  }),
} as const satisfies AdPlatform;
