// The postal area the shop notice, the staff's lead page and the CSV show: looked up in the
// brand tree's own postal files (as the prerender writes them, tests/factories/postal.ts), read on
// demand and kept per isolate; a file that cannot be read leaves the area out and is logged.
import {
  postalAreas,
  postalChunkPath,
  postalLookupOf,
  type PostalAssets,
} from '../../../server/leads/postalArea';
import { postalAssets } from '../../factories/postal';

describe('the postal lookup', () => {
  it("finds a postal code's area in the site's own data, and nothing for an unknown one", async () => {
    const postalArea = postalLookupOf(postalAssets());
    expect(await postalArea('1500001')).toBe('東京都渋谷区');
    expect(await postalArea('〒060-0001')).toBe('北海道札幌市中央区');
    expect(await postalArea('１００－０００１')).toBe('東京都千代田区');
    expect(await postalArea('0000000')).toBe('');
    expect(await postalArea('東京都渋谷区')).toBe('');
    expect(await postalArea('')).toBe('');
  });

  it('reads each chunk once per isolate, however many codes and lists ask for it', async () => {
    const assets = postalAssets();
    const postalArea = postalLookupOf(assets);
    const areas = await Promise.all(['1500001', '1500002', '1510051'].map(postalArea));
    expect(areas).toEqual(['東京都渋谷区', '東京都渋谷区', '東京都渋谷区']);
    // The same binding again (each queue batch builds its context anew): the same lookup.
    const again = await postalAreas(postalLookupOf(assets), ['150-0001', '0600001', '150-0001']);
    expect(again).toEqual(
      new Map([
        ['150-0001', '東京都渋谷区'],
        ['0600001', '北海道札幌市中央区'],
      ]),
    );
    expect(assets.fetched).toEqual([postalChunkPath('15'), postalChunkPath('06')]);
  });

  it('leaves the area out and logs when a chunk cannot be read, and reads it again next time', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const working = postalAssets();
    const answers = [
      () => Promise.reject(new TypeError('network connection lost')),
      () => Promise.resolve(new Response('Not Found', { status: 404 })),
      () => Promise.resolve(new Response('<html>', { status: 200 })),
    ];
    let calls = 0;
    const assets: PostalAssets = {
      fetch: (input) => answers[calls++]?.() ?? working.fetch(input),
    };
    const postalArea = postalLookupOf(assets);
    for (let failure = 0; failure < answers.length; failure += 1) {
      expect(await postalArea('1500001')).toBe('');
    }
    expect(error).toHaveBeenCalledTimes(3);
    expect(String(error.mock.calls[1])).toContain(`${postalChunkPath('15')}: 404`);
    expect(await postalArea('1500001')).toBe('東京都渋谷区');
    expect(calls).toBe(4);
  });
});
