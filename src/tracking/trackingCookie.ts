// The cookie's name and size budget, without the browser: the estimate API and nginx read them too.
import Cookies from 'js-cookie';
import { trackingKeys, type TrackingData, type TrackingKey } from './trackingFields';

export const trackingCookieName = 'tracking_data';

/** Browsers silently drop cookies over 4096 bytes; this leaves room for the attributes. */
export const maxCookieBytes = 3800;

const trackingFields: readonly TrackingKey[] = trackingKeys;

function encodedSize(data: TrackingData): number {
  return (
    trackingCookieName.length +
    1 +
    Cookies.converter.write(JSON.stringify(data), trackingCookieName).length
  );
}

/** Shrinks the longest values until it fits: a cookie too big is dropped with its attribution. */
export function fitCookieBudget(data: TrackingData, budget = maxCookieBytes): TrackingData {
  const result = { ...data };
  while (encodedSize(result) > budget) {
    let longest: TrackingKey | undefined;
    let longestSize = -1;
    for (const field of trackingFields) {
      const value = result[field];
      if (value === undefined) continue;
      const size = Cookies.converter.write(value, trackingCookieName).length;
      if (size > longestSize) {
        longest = field;
        longestSize = size;
      }
    }
    if (!longest) break;
    const points = Array.from(result[longest] ?? '');
    const kept = points.slice(0, Math.floor(points.length / 2)).join('');
    if (kept) result[longest] = kept;
    else delete result[longest];
  }
  return result;
}
