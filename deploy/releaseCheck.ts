// `npm run release:check`: lists every operator fact (src/content/operatorFacts.ts) still unset or
// a placeholder, and fails while there is one. The production build and deploy run it first
// (docs/deploy.md, "Launch checklist").
import { pathToFileURL } from 'node:url';
import { brandEnvName, brandIds, brands, type BrandId, siteUrlVariable } from '../src/brand/brands';
import { declaredCompanies } from '../src/content/companies';
import { shopLists } from '../src/content/companies';
import type { Shop } from '../src/content/shops';
import {
  companyFacts,
  type DeclaredCompany,
  type OperatorFact,
} from '../src/content/operatorFacts';

type Environment = Record<string, string | undefined>;

/** Set in the environment: one of `anyOf`, each a set of variables that together give the fact. */
type EnvironmentFact = OperatorFact & { anyOf: (brand: BrandId) => string[][]; url?: boolean };

const environmentFacts: EnvironmentFact[] = [
  {
    label: 'サイトのURL（https://…）',
    use: 'canonical、og:url、sitemap.xml（ビルド時）',
    anyOf: (brand) => [[siteUrlVariable(brand)]],
    url: true,
  },
  {
    label: '営業時間の取得元',
    use: '電話ボタン・お電話のご案内を受付時間内だけ出す。営業時間APIのオリジン（ビルド時）か、Workerが答える時刻（デプロイ時）',
    anyOf: (brand) => [
      ['VITE_LP_URL'],
      [brandEnvName('BUSINESS_START_TIME', brand), brandEnvName('BUSINESS_END_TIME', brand)],
    ],
  },
  {
    label: '店舗への通知メールの宛先',
    use: '新しいお見積もり依頼を店舗に知らせる（デプロイ時）',
    anyOf: (brand) => [[brandEnvName('SHOP_MAIL_TO', brand)]],
  },
  {
    label: '配信失敗の通知先',
    use: '届けられなかった依頼を運用担当に知らせる（デプロイ時）',
    anyOf: (brand) => [[brandEnvName('OPS_MAIL_TO', brand)]],
  },
];

// What stand-ins look like: the marks, reserved example domains and local hosts.
const placeholder =
  /〇〇|【|未設定|要確認|example\.(com|net|org|jp)|\.localhost|localhost|127\.0\.0\.1/iu;

function isGiven(value: string | null | undefined): value is string {
  return Boolean(value?.trim()) && !placeholder.test(value!);
}

function isSiteUrl(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === 'https:';
}

export function releaseProblems(
  env: Environment,
  declared: Record<BrandId, DeclaredCompany> = declaredCompanies,
  shops: Record<BrandId, readonly Shop[]> = shopLists,
): string[] {
  return brandIds.flatMap((brand) => {
    const where = `${brands[brand].name}（${brand}）`;
    const company = Object.entries(companyFacts).flatMap(([name, fact]) =>
      isGiven(declared[brand][name as keyof typeof companyFacts])
        ? []
        : [`${where} ${fact.label}: src/content/${brand}/company.ts の ${name} — ${fact.use}`],
    );
    const environment = environmentFacts.flatMap((fact) => {
      const alternatives = fact.anyOf(brand);
      const given = alternatives.some((set) =>
        set.every((name) => isGiven(env[name]) && (!fact.url || isSiteUrl(env[name]!))),
      );
      if (given) return [];
      const names = alternatives.map((set) => set.join(' と ')).join(' または ');
      return [`${where} ${fact.label}: 環境変数 ${names} — ${fact.use}`];
    });
    const examples = shops[brand].flatMap((shop) =>
      shop.example
        ? [
            `${where} 店舗「${shop.name}」は見本です: src/content/${brand}/shops.ts の ${shop.id} — 実在の店舗の住所・電話・営業時間・枠に差し替え、example を false に`,
          ]
        : [],
    );
    const none =
      shops[brand].length === 0
        ? [`${where} 予約できる店舗: src/content/${brand}/shops.ts が空です`]
        : [];
    return [...company, ...environment, ...examples, ...none];
  });
}

/** Prints the problems and says whether the release may go on. */
export function checkRelease(env: Environment, print = console.error): boolean {
  const problems = releaseProblems(env);
  if (problems.length === 0) return true;
  print(`release:check: ${problems.length} operator facts are not set yet (docs/deploy.md):`);
  for (const problem of problems) print(`  - ${problem}`);
  return false;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (checkRelease(process.env)) console.log('release:check: every operator fact is set');
  else process.exit(1);
}
