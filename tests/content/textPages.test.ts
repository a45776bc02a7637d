import { pages as carsupportPages } from '../../src/content/carsupport/pages';
import { company } from '../../src/content/carsupport/company';
import {
  buildPrivacyPolicyPage,
  enhancedConversionsParagraph,
} from '../../src/content/privacyPolicy';
import { pages as yamadaPages } from '../../src/content/yamada/pages';
import type { TextPageContent } from '../../src/content/types';
import { brandIds } from '../../src/brand/brands';
import { companies } from '../../src/content/companies';
import { contractParty } from '../../src/content/textPages';

function cookieSection(page: TextPageContent): string {
  return (
    page.sections.find((section) => section.heading === 'Cookie・アクセス解析')?.paragraphs ?? []
  ).join('\n');
}

const options = { brandName: 'カーサポート車検', company, updatedAt: '2026-11-22' };

describe('the privacy policy on enhanced conversions', () => {
  it('says no personal data goes to the tag manager while the switch is off (both brands today)', () => {
    for (const page of [carsupportPages.privacypolicy, yamadaPages.privacypolicy]) {
      // The cookie section never claims the data cannot identify anyone: it lists IP addresses.
      expect(cookieSection(page)).not.toContain('個人を特定する情報を含みません');
      expect(cookieSection(page)).not.toContain(enhancedConversionsParagraph);
    }
  });

  it('tells the visitor that email and phone are sent, hashed, once a brand turns it on', () => {
    const text = cookieSection(buildPrivacyPolicyPage({ ...options, enhancedConversions: true }));

    expect(text).toContain(enhancedConversionsParagraph);
    expect(enhancedConversionsParagraph).toMatch(/メールアドレスと電話番号/u);
    expect(enhancedConversionsParagraph).toMatch(/ハッシュ化/u);
    expect(text).not.toContain('個人を特定する情報を含みません');
  });
});

describe('the legal page and the terms', () => {
  it.each(brandIds)('%s: name the same contracting party, the 販売事業者', (brand) => {
    const pages = brand === 'carsupport' ? carsupportPages : yamadaPages;
    const seller = pages.legal.sections.find((section) => section.heading === '販売事業者');
    expect(seller?.paragraphs).toEqual([companies[brand].name]);
    const terms = JSON.stringify(pages.term);
    expect(pages.term.intro).toContain(`${companies[brand].name}（以下「当社」）`);
    expect(terms).toContain(contractParty);
    expect(terms).not.toMatch(/提携工場との間で成立/);
  });

  it.each(brandIds)(
    '%s: call the legal fees free of consumption tax, 重量税 and 印紙代 不課税',
    (brand) => {
      const pages = brand === 'carsupport' ? carsupportPages : yamadaPages;
      const fees = pages.legal.sections.find((section) => section.heading === '対価以外の必要料金');
      expect(fees?.paragraphs.join()).toContain('自動車重量税と印紙代は不課税');
      expect(JSON.stringify(pages)).not.toMatch(/(重量税|印紙代)[^。]*は非課税/);
    },
  );
});
