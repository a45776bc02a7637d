/**
 * The tracking_data cookie's name and size budget, without the browser: the page writes the
 * cookie (trackingData.ts), the estimate API reads it from a native form post, and nginx's
 * config sizes its header buffers by it.
 */
import Cookies from 'js-cookie';
import { trackingKeys, type TrackingData, type TrackingKey } from './trackingFields';

export const trackingCookieName = 'tracking_data';

/**
 * Browsers cap name + value at 4096 bytes and drop bigger cookies silently, so stay well below
 * that and leave room for the attributes in the same Set-Cookie string.
 */
export const maxCookieBytes = 3800;

const trackingFields: readonly TrackingKey[] = trackingKeys;

function encodedSize(data: TrackingData): number {
  return (
    trackingCookieName.length +
    1 +
    Cookies.converter.write(JSON.stringify(data), trackingCookieName).length
  );
}

/**
 * Shrinks the longest values until the encoded cookie fits, so an oversized cookie is never
 * silently dropped by the browser together with the attribution it carries.
 */
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
