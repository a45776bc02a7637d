// The launch gate (deploy/releaseCheck.ts): a fresh clone fails, naming each fact; filled, it passes.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { releaseProblems } from '../../deploy/releaseCheck';
import {
  brandEnvName,
  brandIds,
  defaultBrandId,
  type BrandId,
  siteUrlVariable,
} from '../../src/brand/brands';
import { shopLists } from '../../src/content/companies';
import type { DeclaredCompany } from '../../src/content/operatorFacts';

const run = promisify(execFile);

const filledCompany: DeclaredCompany = {
  name: '株式会社カーサポート',
  representative: '代表取締役 山田 太郎',
  address: '〒150-0001 東京都渋谷区神宮前1-2-3',
  email: 'info@carsupport.co.jp',
};
/** Every brand's facts given, as a launch would have them. */
function filledWith(company: DeclaredCompany, brand?: BrandId): Record<BrandId, DeclaredCompany> {
  return Object.fromEntries(
    brandIds.map((id) => [id, id === brand ? company : filledCompany]),
  ) as Record<BrandId, DeclaredCompany>;
}
const filledDeclarations = filledWith(filledCompany);
const filledEnv: Record<string, string | undefined> = {
  VITE_LP_URL: 'https://www.carsupport.com',
  ...Object.fromEntries(
    brandIds.flatMap((id) => [
      [siteUrlVariable(id), `https://www.${id}.co.jp`],
      [brandEnvName('SHOP_MAIL_TO', id), `shop@${id}.co.jp`],
      [brandEnvName('OPS_MAIL_TO', id), `ops@${id}.co.jp`],
    ]),
  ),
};
const hours = Object.fromEntries(
  brandIds.flatMap((id) => [
    [brandEnvName('BUSINESS_START_TIME', id), '9:00'],
    [brandEnvName('BUSINESS_END_TIME', id), '19:00'],
  ]),
);

/** Every brand's shops as the operator gives them: the examples made real. */
const realShops = Object.fromEntries(
  brandIds.map((id) => [id, shopLists[id].map((shop) => ({ ...shop, example: false }))]),
) as unknown as typeof shopLists;

/** The environment of a shell with none of the facts set. */
function bareEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME };
}

describe('npm run release:check', () => {
  it('fails on a fresh clone, naming every fact of every brand with what it is for', async () => {
    const failed = await run('node', ['--import', 'tsx', 'deploy/releaseCheck.ts'], {
      env: bareEnv(),
    }).catch((error: { code: number; stderr: string }) => error);

    expect('code' in failed && failed.code).toBe(1);
    const lines = failed.stderr.split('\n').filter((line) => line.startsWith('  - '));
    for (const brand of brandIds) {
      const named = lines.filter((line) => line.includes(`（${brand}）`));
      for (const fact of ['運営会社の名称', '運営責任者', '所在地', 'お問い合わせメールアドレス']) {
        expect(named.some((line) => line.includes(fact))).toBe(true);
      }
      expect(named.some((line) => line.includes(siteUrlVariable(brand)))).toBe(true);
      expect(named.every((line) => line.includes(' — '))).toBe(true);
      for (const shop of shopLists[brand]) {
        expect(named).toContainEqual(expect.stringContaining(`店舗「${shop.name}」は見本です`));
      }
    }
  });

  it('refuses an example shop, and a brand without shops', () => {
    const withExample = { ...realShops, [defaultBrandId]: shopLists[defaultBrandId] };
    expect(releaseProblems(filledEnv, filledDeclarations, withExample)).toHaveLength(
      shopLists[defaultBrandId].length,
    );
    const none = { ...realShops, [defaultBrandId]: [] };
    expect(releaseProblems(filledEnv, filledDeclarations, none)).toEqual([
      expect.stringContaining('予約できる店舗'),
    ]);
  });

  it('passes once every fact is filled', () => {
    expect(releaseProblems(filledEnv, filledDeclarations, realShops)).toEqual([]);
  });

  it('takes the hours from the Worker instead of an hours URL', () => {
    const env = { ...filledEnv, VITE_LP_URL: undefined };
    expect(releaseProblems(env, filledDeclarations, realShops)).toHaveLength(brandIds.length);
    expect(releaseProblems({ ...env, ...hours }, filledDeclarations, realShops)).toEqual([]);
  });

  it.each([
    ['a stand-in mark', { ...filledCompany, name: '株式会社〇〇' }, filledEnv],
    ['a reserved example address', { ...filledCompany, email: 'info@example.com' }, filledEnv],
    [
      'a site URL without https',
      filledCompany,
      { ...filledEnv, [siteUrlVariable(defaultBrandId)]: 'http://a.jp' },
    ],
    [
      'a local host',
      filledCompany,
      { ...filledEnv, [brandEnvName('SHOP_MAIL_TO', defaultBrandId)]: 'shop@a.localhost' },
    ],
  ])('refuses %s', (_what, company, env) => {
    expect(releaseProblems(env, filledWith(company, defaultBrandId), realShops)).toHaveLength(1);
  });
});

describe('the production deploy path', () => {
  it("refuses to write Cloudflare's configs while a fact is not set", async () => {
    const out = mkdtempSync(join(tmpdir(), 'release-'));
    const env = { ...bareEnv(), D1_DATABASE_ID_CARSUPPORT: 'a', D1_DATABASE_ID_YAMADA: 'b' };
    const failed = await run(
      'node',
      ['--import', 'tsx', 'deploy/cloudflare/config.ts', out, '--dist', 'dist'],
      { env },
    ).catch((error: { code: number; stderr: string }) => error);

    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stderr).toContain('release:check');
    expect(readdirSync(out)).toEqual([]);
  });
});
