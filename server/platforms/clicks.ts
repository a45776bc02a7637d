// The ad platforms whose clicks bring leads, named once, with every click id the site keeps in the
// order a lead is attributed (a Google click first: its tag keeps gclid as gaid).
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import type { TrackingKey } from '../../src/tracking/trackingFields';

export type ClickPlatform = ConversionPlatform | 'microsoft';

/** Each platform's own Japanese name (staff pages, CSV headers, reasons). */
export const platformLabels: Record<ClickPlatform, string> = {
  google: 'Google 広告',
  yahoo: 'Yahoo!広告',
  yahooSearch: 'Yahoo!検索広告',
  meta: 'Meta 広告',
  line: 'LINE広告',
  microsoft: 'Microsoft 広告',
};

/** `key`: the lead's tracking field; `param`: the landing URL's parameter. */
export const adClicks = [
  { key: 'gaid', param: 'gclid', platform: 'google' },
  { key: 'wbraid', param: 'wbraid', platform: 'google' },
  { key: 'gbraid', param: 'gbraid', platform: 'google' },
  { key: 'yclid', param: 'yclid', platform: 'yahoo' },
  { key: 'fbclid', param: 'fbclid', platform: 'meta' },
  { key: 'ldtag_cl', param: 'ldtag_cl', platform: 'line' },
  { key: 'msclkid', param: 'msclkid', platform: 'microsoft' },
] as const satisfies readonly { key: TrackingKey; param: string; platform: ClickPlatform }[];

export const clickPlatforms: readonly (readonly [ClickPlatform, readonly TrackingKey[]])[] = [
  ...new Set(adClicks.map((click) => click.platform)),
].map((platform) => [
  platform,
  adClicks.filter((click) => click.platform === platform).map((click) => click.key),
]);
