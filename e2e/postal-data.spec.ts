// The postal files of every built brand tree (prerender/postal.ts): the Worker reads a lead's
// postal area from its own tree's copy (server/leads/postalArea.ts), so each tree carries all of
// them and the brand's Worker serves them (their Cache-Control: the smoke suite, every engine).
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { postalChunkPath } from '../server/leads/postalArea';
import { brandList, expect, hostFor, port, test } from './fixtures';

const distDir = process.env.DIST_DIR ?? 'dist';
const prefixes = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

for (const brand of brandList) {
  test(`${brand.id} tree carries every postal file, served by its Worker`, async ({ request }) => {
    const folder = join(distDir, brand.id, dirname(postalChunkPath('00')));
    expect((await readdir(folder)).sort()).toEqual(prefixes.map((prefix) => `z${prefix}.json`));
    const answer = await request.get(`http://127.0.0.1:${port}${postalChunkPath('15')}`, {
      headers: { Host: hostFor(brand.id) },
    });
    expect(answer.status()).toBe(200);
    const chunk = (await answer.json()) as Record<string, number[]>;
    expect(chunk['東京都渋谷区']).toContain(1500001);
  });
}
