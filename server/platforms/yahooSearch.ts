// LINEヤフー's search-ads Conversion API (Yahoo!広告 検索広告), read 2026-11-28 in its repository
// yahoojp-marketing/search-ads-conversion-api-documents (docs_ja/conversion-api.md at 929018f):
// POST /v1 with `User-Agent: Yahoo AppID: <AppID>`; yclid, the conversion tag's id and label,
// event_time, url, user_agent and ip required. It has no test flag: test mode checks and keeps the
// body without sending it. No contact is sent: the API takes none.
import type { StoredLead } from '../leads/store';
import {
  configOf,
  cookieValue,
  dayMs,
  decideConversion,
  isOn,
  postJson,
  setting,
  trackingValue,
  type AdPlatform,
  type ConversionChannel,
} from './platform';
import { declaredStages } from './stages';

const key = {
  id: 'yahooSearch',
  variables: [
    'YAHOO_SEARCH_CONVERSION_ENDPOINT',
    'YAHOO_SEARCH_APP_ID',
    'YAHOO_SEARCH_CONVERSION_ID',
    'YAHOO_SEARCH_CONVERSION_LABEL',
  ],
} as const;

const searchClick = /^(?:\d+\.)?(YSS\..+)$/;

/** A search ad's yclid: the landing URL's, else the click the site general tag keeps in `_ly_c`. */
function searchClickOf(lead: StoredLead): string | undefined {
  for (const value of [trackingValue(lead, 'yclid'), cookieValue(lead, '_ly_c')]) {
    const click = value ? searchClick.exec(value)?.[1] : undefined;
    if (click) return click;
  }
  return undefined;
}

/** @internal The request body; exported for the payload's tests. */
export function yahooSearchEvent(
  lead: StoredLead,
  tag: { conversionId: string; label: string },
): Record<string, unknown> {
  const matching = lead.matching;
  return {
    yclid: searchClickOf(lead),
    yahoo_conversion_id: tag.conversionId,
    yahoo_conversion_label: tag.label,
    event_time: Date.parse(lead.receivedAt),
    url: matching?.eventSourceUrl,
    user_agent: matching?.userAgent,
    ip: matching?.clientAddress,
  };
}

const yahooSearchChannel: ConversionChannel = {
  name: 'yahooSearch',
  platform: 'yahooSearch',
  // event_time must fall within the conversion's measurement period from the click (at most 90 days).
  retryWindowMs: 89 * dayMs,
  decide: (lead, ctx) => {
    const { eventSourceUrl, userAgent, clientAddress } = lead.matching ?? {};
    return decideConversion(key, lead, ctx, {
      has: searchClickOf(lead) !== undefined,
      missing: 'YSS.で始まるyclid・_ly_c',
      ...(!(eventSourceUrl && userAgent && clientAddress) && {
        unsendable: '送信元のページ・ブラウザ・IPアドレスの記録なし（検索広告のAPIの必須項目）',
      }),
    });
  },
  async send(lead, ctx) {
    const config = configOf(key.variables, ctx.env);
    if (!config) throw new Error('Yahoo!検索広告: not configured');
    const body = yahooSearchEvent(lead, {
      conversionId: config.YAHOO_SEARCH_CONVERSION_ID,
      label: config.YAHOO_SEARCH_CONVERSION_LABEL,
    });
    if (isOn(setting(ctx.env, 'YAHOO_SEARCH_TEST_MODE'))) {
      console.log(`[yahooSearch] test mode, not sent: ${JSON.stringify({ ...body, ip: '…' })}`);
      return { test: true };
    }
    await postJson(
      ctx,
      'Yahoo!検索広告',
      config.YAHOO_SEARCH_CONVERSION_ENDPOINT,
      { 'User-Agent': `Yahoo AppID: ${config.YAHOO_SEARCH_APP_ID}` },
      body,
    );
    return undefined;
  },
};

const noStages =
  '検索広告のコンバージョンAPIは成果が起きたページ（url）とその時のブラウザ・IPアドレスを必須とするため、来店後の予約確定・完了は送りません';

export const yahooSearch = {
  ...key,
  options: ['YAHOO_SEARCH_TEST_MODE'],
  endpoints: { YAHOO_SEARCH_CONVERSION_ENDPOINT: 'https://search-ads-cv.yahooapis.jp/v1/' },
  lead: yahooSearchChannel,
  stages: declaredStages(key, noStages, {
    has: (lead) => searchClickOf(lead) !== undefined,
    ids: 'YSS.で始まるyclid・_ly_c',
  }),
} as const satisfies AdPlatform;
