import { describe, expect, it } from 'vitest';
import { brandIds, brands, type BrandId } from '../../src/brand/brands';
import { company as carsupportCompany } from '../../src/content/carsupport/company';
import { landing as carsupportLanding } from '../../src/content/carsupport/landing';
import { pages as carsupportPages } from '../../src/content/carsupport/pages';
import { getPageData, pageTitles } from '../../src/content/pageData.server';
import { landing as yamadaLanding } from '../../src/content/yamada/landing';
import { pages as yamadaPages } from '../../src/content/yamada/pages';
import { phraseBreak } from '../../src/lib/phraseBreaks';
import { legalFees, priceRows, totalPrice } from '../../src/content/priceRows';
import { pageTable, type TextRouteName } from '../../src/content/pageTable';
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

/** The copy as written: the page data with its phrase marks taken out. */
function unmarked<T>(value: T): T {
  return JSON.parse(JSON.stringify(value).replaceAll(phraseBreak, '')) as T;
}

function markedLandingOf(brand: BrandId): LandingContent {
  const data = getPageData(brand, 'index');
  if (data.route !== 'index') throw new Error('index route returned a text page');
  return data.landing;
}

const landingOf = (brand: BrandId) => unmarked(markedLandingOf(brand));

function markedTextPageOf(brand: BrandId, route: TextRouteName): TextPageContent {
  const data = getPageData(brand, route);
  if (data.route === 'index') throw new Error(`${route} returned the landing page`);
  return data.page;
}

const textPageOf = (brand: BrandId, route: TextRouteName) =>
  unmarked(markedTextPageOf(brand, route));

/** Every string of a value with its path, arrays' indices written as []: `point.items[].body`. */
function stringsOf(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, `${path}[]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      stringsOf(item, path ? `${path}.${key}` : key),
    );
  }
  return [];
}

describe.each(brandIds)('content of %s', (brand) => {
  const name = brands[brand].name;

  it.each(Object.keys(headingsByRoute) as TextRouteName[])(
    'has the %s page with every heading of the brief',
    (route) => {
      const page = textPageOf(brand, route);
      expect(unmarked(page.heading)).toBe(pageTitles[route]);
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
      expect(data.meta.title).toBe(`${pageTitles[page.route]}｜${name}`);
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
        expect(row.text).toMatch(/(税込|消費税はかかりません)/);
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
    const { catchcopy } = markedLandingOf(brand).mainVisual;
    const source = brand === 'yamada' ? yamadaLanding : carsupportLanding;
    expect(catchcopy.split(phraseBreak).join('')).toBe(source.mainVisual.catchcopy);
    expect(catchcopy.split(phraseBreak).length).toBeGreaterThan(2);
    // The brand's name and a 「…、」 clause stay whole.
    expect(catchcopy.split(phraseBreak)).toContainEqual(
      expect.stringContaining(brands[brand].name.slice(0, 3)),
    );
    expect(markedLandingOf(brand).question.heading.split(phraseBreak).join('')).toBe(
      source.question.heading,
    );
  });
});

/** The landing's texts a visitor reads as prose, each rendered through phrases(). */
const landingProse = [
  'mainVisual.catchcopy',
  'mainVisual.lead',
  'mainVisual.badges[]',
  'mainVisual.note',
  'mainVisual.price.car',
  'mainVisual.price.basis',
  'campaign.label',
  'campaign.heading',
  'campaign.body',
  'campaign.notes[]',
  'simpleForm.headings[].heading',
  'simpleForm.headings[].lead',
  'simpleForm.note',
  ...['cta', 'direction', 'point', 'example', 'flow', 'question', 'policy'].map(
    (section) => `${section}.heading`,
  ),
  ...['cta', 'direction', 'point', 'example', 'flow'].map((section) => `${section}.lead`),
  'direction.paragraphs[]',
  'direction.facts[].title',
  'direction.facts[].body',
  'point.items[].title',
  'point.items[].body',
  'example.basis',
  'example.notes[]',
  'flow.steps[].title',
  'flow.steps[].body',
  'question.items[].question',
  'question.items[].answer[]',
  'policy.paragraphs[]',
  'footer.tagline',
];

const textPageProse = [
  'heading',
  'intro',
  'sections[].heading',
  'sections[].paragraphs[]',
  'sections[].list[]',
];

describe.each(brandIds)('phrase breaks in the %s body text', (brand) => {
  const pages = [
    { name: 'index', data: getPageData(brand, 'index'), prose: landingProse },
    ...(Object.keys(headingsByRoute) as TextRouteName[]).map((route) => ({
      name: route,
      data: getPageData(brand, route),
      prose: textPageProse,
    })),
  ];

  it.each(pages)('mark every text of $name a visitor reads, and only those', ({ data, prose }) => {
    const content = data.route === 'index' ? data.landing : data.page;
    const strings = stringsOf(content);
    // Prose of more than one phrase (a paragraph, an FAQ answer, a step) is marked…
    const unmarkedProse = strings.filter(
      ([path, text]) =>
        prose.includes(path) && /[ぁ-んァ-ン一-龠]{12}/u.test(text) && !text.includes(phraseBreak),
    );
    expect(unmarkedProse).toEqual([]);
    expect(strings.filter(([path]) => prose.includes(path)).length).toBeGreaterThan(3);
    // …and nothing else: titles, meta, labels and prices print as plain text.
    const markedElsewhere = strings.filter(
      ([path, text]) => text.includes(phraseBreak) && !prose.includes(path),
    );
    expect(markedElsewhere).toEqual([]);
    expect(stringsOf(data.meta).filter(([, text]) => text.includes(phraseBreak))).toEqual([]);
  });

  it.each(pages)('change no text of $name but the marks', ({ name, data }) => {
    const source =
      name === 'index'
        ? brand === 'yamada'
          ? yamadaLanding
          : carsupportLanding
        : (brand === 'yamada' ? yamadaPages : carsupportPages)[name as TextRouteName];
    expect(unmarked(data.route === 'index' ? data.landing : data.page)).toEqual(
      JSON.parse(JSON.stringify(source)),
    );
  });

  it('keep a phone number, a mail address, a time and brackets whole', () => {
    const texts = pages.flatMap(({ data }) =>
      stringsOf(data.route === 'index' ? data.landing : data.page).map(([, text]) => text),
    );
    expect(texts.some((text) => text.includes(brands[brand].phone))).toBe(true);
    for (const text of texts) {
      expect(text).not.toMatch(new RegExp(`[!-~]${phraseBreak}[!-~]`, 'u'));
      // Nor leaves an opening bracket at a line's end, or closing punctuation at the next's start.
      expect(text).not.toMatch(new RegExp(`[（「]${phraseBreak}|${phraseBreak}[）」、。]`, 'u'));
    }
  });

  it('break an FAQ answer between phrases, not inside a word', () => {
    const answer = markedLandingOf(brand).question.items.flatMap((item) => item.answer)[0]!;
    const phrases = answer.split(phraseBreak);
    expect(phrases.length).toBeGreaterThan(3);
    for (const phrase of phrases) expect(phrase).not.toBe('');
    // 車検 and 満了日 are words: no mark between their characters.
    expect(answer).not.toMatch(
      new RegExp(`車${phraseBreak}検|満${phraseBreak}了|了${phraseBreak}日`, 'u'),
    );
  });
});

describe('campaign content', () => {
  it('is disabled for yamada, which has none', () => {
    expect(landingOf('yamada').campaign.enabled).toBe(false);
  });
});
