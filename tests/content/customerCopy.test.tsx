// Copy written for a customer (issue 48): no internal doubts, one date a line, no promise the
// optional ad box contradicts, no choice that says what another says, no brackets in brackets,
// and each brand's page in the words its dialog and mails use (担当者, 店舗).
import { brandIds, type BrandId } from '../../src/brand/brands';
import { NotFoundPage } from '../../src/app/NotFoundPage';
import type { LandingContent } from '../../src/content/types';
import { field } from '../../src/estimate/contract/fieldTable';
import { renderWithBrand } from '../sections/renderWithBrand';

/** Each brand's landing copy, from its folder (a brand added later is read too). */
const landings = Object.fromEntries(
  await Promise.all(
    brandIds.map(async (id) => {
      const module = (await import(`../../src/content/${id}/landing.ts`)) as {
        landing: LandingContent;
      };
      return [id, module.landing] as const;
    }),
  ),
) as Record<BrandId, LandingContent>;

/** Every string in `value`, however deep. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

const dates = (text: string) => text.match(/\d{4}年\d{1,2}月\d{1,2}日/g) ?? [];

describe.each(brandIds)('%s copy', (brand) => {
  const copy = texts(landings[brand]);

  it('names people and places as the dialog and mails do: 担当者 and 店舗', () => {
    // 指定工場 is the law's name for a kind of shop, not a word for the shop.
    expect(copy.filter((text) => /スタッフ|(?<!指定)工場/u.test(text))).toEqual([]);
  });

  it('says nothing internal, one date a line, and promises no more than the ad box allows', () => {
    expect(copy.filter((text) => /確認できていない/u.test(text))).toEqual([]);
    expect(copy.filter((text) => dates(text).length > 1)).toEqual([]);
    expect(texts(landings[brand].policy).join('')).not.toMatch(
      /第三者に(提供する|渡す)ことはありません/u,
    );
  });

  it('writes the phone line of the not-found page without brackets in brackets', () => {
    const { container } = renderWithBrand(<NotFoundPage />, brand);
    expect(container.textContent).not.toMatch(/（[^）]*（/u);
    expect(container.textContent).toContain('受付時間 9:00〜19:00（年末年始を除く）');
  });
});

it('offers no empty choice that means what an option says', () => {
  const contactTime = field('request.contactTime') as {
    placeholder?: string;
    options: readonly { label: string }[];
  };
  expect(contactTime.options.map((option) => option.label)).toContain('いつでも可');
  expect(contactTime.placeholder).toBe('選択してください');
});
