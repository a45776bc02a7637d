import { describe, expect, it } from 'vitest';
import { brandIds, brands, type BrandId } from '../../src/brand/brands';
import { company as carsupportCompany } from '../../src/content/carsupport/company';
import { landing as carsupportLanding } from '../../src/content/carsupport/landing';
import { getPageData } from '../../src/content/pageData.server';
import { landing as yamadaLanding } from '../../src/content/yamada/landing';
import { phraseBreak } from '../../src/lib/phraseBreaks';
import { legalFees, priceRows, totalPrice } from '../../src/content/priceRows';
import { pageOf, pageTable, type TextRouteName } from '../../src/content/pageTable';
import type { LandingContent, TextPageContent } from '../../src/content/types';
import { company as yamadaCompany } from '../../src/content/yamada/company';

/** The headings content-brief.md requires of each legal page. */
const headingsByRoute: Record<TextRouteName, string[]> = {
  legal: [
    '販売事業者',
    '運営責任者',
    '所在地',
    '電話番号',
    'メールアドレス',
    '役務の対価',
    '対価以外の必要料金',
    '支払方法・時期',
    '役務提供時期',
    'キャンセル',
  ],
  privacypolicy: [
    '取得する情報',
    '利用目的',
    '第三者提供',
    '委託',
    '安全管理',
    '開示・訂正・利用停止',
    'Cookie・アクセス解析',
    '改定',
    'お問い合わせ窓口',
  ],
  term: [
    '総則・適用',
    'サービス内容',
    '規約変更',
    '営業時間',
    '予約・変更・キャンセル',
    '料金・支払',
    '免責',
    '禁止事項',
    '個人情報',
    '準拠法・管轄',
  ],
};

function landingOf(brand: BrandId): LandingContent {
  const data = getPageData(brand, 'index');
  if (data.route !== 'index') throw new Error('index route returned a text page');
  return data.landing;
}

function textPageOf(brand: BrandId, route: TextRouteName): TextPageContent {
  const data = getPageData(brand, route);
  if (data.route === 'index') throw new Error(`${route} returned the landing page`);
  return data.page;
}

describe.each(brandIds)('content of %s', (brand) => {
  const name = brands[brand].name;

  it.each(Object.keys(headingsByRoute) as TextRouteName[])(
    'has the %s page with every heading of the brief',
    (route) => {
      const page = textPageOf(brand, route);
      expect(page.heading).toBe(pageOf(route).title);
      expect(page.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const headings = page.sections.map((section) => section.heading).join('\n');
      for (const heading of headingsByRoute[route]) expect(headings).toContain(heading);
    },
  );

  it.each(pageTable)(
    'gives $route its title, branded, and an 80-120 character description',
    (page) => {
      const data = getPageData(brand, page.route);
      expect(data.route).toBe(page.route);
      expect(data.meta.title).toBe(`${page.title}｜${name}`);
      expect(data.meta.description.length).toBeGreaterThanOrEqual(80);
      expect(data.meta.description.length).toBeLessThanOrEqual(120);
      expect(data.meta.description).toContain(name);
    },
  );

  it('marks every price row as an example with its tax status', () => {
    const { example } = landingOf(brand);
    expect(example.classes.map((c) => c.label)).toEqual([
      '軽自動車',
      '〜1.0t',
      '〜1.5t',
      '〜2.0t',
      '〜2.5t',
    ]);
    for (const cost of example.classes) {
      expect(cost.basicFee).toBeGreaterThan(0);
      const rows = priceRows(cost, example.discountLabel);
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row.text).toMatch(/^例 /);
        expect(row.text).toMatch(/(税込|非課税)/);
        expect(row.text).toMatch(/\d円/);
      }
    }
    expect(example.feesAsOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('makes each total the sum of its parts, as the last row shows it', () => {
    for (const cost of landingOf(brand).example.classes) {
      const fees = cost.weightTax + cost.liabilityInsurance + cost.stampFee;
      expect(legalFees(cost), cost.label).toBe(fees);
      expect(totalPrice(cost), cost.label).toBe(fees + cost.basicFee - cost.discount);
      const total = priceRows(cost, '割引').at(-1);
      expect(total?.text).toContain(totalPrice(cost).toLocaleString('ja-JP'));
    }
  });

  it('answers when inspection can start with the two-month rule, not the old one-month rule', () => {
    const answers = landingOf(brand)
      .question.items.flatMap((item) => item.answer)
      .join('');
    expect(answers).toContain('2025年4月1日');
    expect(answers).toContain('2か月前');
    expect(answers).not.toMatch(/1(か|ヶ|カ)月前/);
  });

  it('has a flow of 4 to 6 steps and names the brand in its copy', () => {
    const landing = landingOf(brand);
    expect(landing.flow.steps.length).toBeGreaterThanOrEqual(4);
    expect(landing.flow.steps.length).toBeLessThanOrEqual(6);
    expect(landing.mainVisual.catchcopy).toContain(name);
    expect(landing.direction.heading).toContain(name);
  });

  it('has a heading for every simple form the page shows', () => {
    const expected = brand === 'yamada' ? 3 : 2;
    expect(landingOf(brand).simpleForm.headings.length).toBeGreaterThanOrEqual(expected);
  });
});

describe('company facts', () => {
  it.each([
    ['carsupport', carsupportCompany],
    ['yamada', yamadaCompany],
  ])('of %s read as not set, never as a plausible company, until given', (_brand, company) => {
    for (const value of [company.name, company.representative, company.address, company.email]) {
      expect(value).toMatch(/^【未設定】/u);
      expect(value).not.toMatch(/株式会社|〇〇|example/u);
    }
  });

  it('reach the legal page of each brand', () => {
    const legal = textPageOf('yamada', 'legal');
    const seller = legal.sections.find((section) => section.heading === '販売事業者');
    expect(seller?.paragraphs).toEqual([yamadaCompany.name]);
    const phone = legal.sections.find((section) => section.heading === '電話番号');
    expect(phone?.paragraphs.join('')).toContain(brands.yamada.phone);
  });
});

describe.each(brandIds)('the %s copy on what to bring and when', (brand) => {
  it('asks for the 納税証明書 only where the payment cannot be confirmed electronically', () => {
    const texts = JSON.stringify(landingOf(brand)).match(/[^"]*納税証明書[^"]*/gu) ?? [];
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const text of texts) expect(text).toContain('電子的に確認できない');
  });

  it('says a 車検 can be taken any time, and from two months before expiry without losing time', () => {
    const answer = landingOf(brand)
      .question.items.filter((item) => /いつ/u.test(item.question))
      .flatMap((item) => item.answer)
      .join('');
    expect(answer).toContain('いつでも');
    expect(answer).toMatch(/2か月前から満了日まで.*短くなりません/u);
  });
});

describe.each(brandIds)('the %s headings', (brand) => {
  it('carry phrase breaks from the prerender, between words and never inside one', () => {
    const { catchcopy } = landingOf(brand).mainVisual;
    const source = brand === 'yamada' ? yamadaLanding : carsupportLanding;
    expect(catchcopy.split(phraseBreak).join('')).toBe(source.mainVisual.catchcopy);
    expect(catchcopy.split(phraseBreak).length).toBeGreaterThan(2);
    // The brand's name and a 「…、」 clause stay whole.
    expect(catchcopy.split(phraseBreak)).toContainEqual(
      expect.stringContaining(brands[brand].name.slice(0, 3)),
    );
    expect(landingOf(brand).question.heading.split(phraseBreak).join('')).toBe(
      source.question.heading,
    );
  });
});

describe('campaign content', () => {
  it('is disabled for yamada, which has none', () => {
    expect(landingOf('yamada').campaign.enabled).toBe(false);
  });
});
