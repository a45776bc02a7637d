import { pages as carsupportPages } from '../../src/content/carsupport/pages';
import { company } from '../../src/content/carsupport/company';
import { buildPrivacyPolicyPage, enhancedConversionsParagraph } from '../../src/content/privacyPolicy';
import { pages as yamadaPages } from '../../src/content/yamada/pages';
import type { TextPageContent } from '../../src/content/types';

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
