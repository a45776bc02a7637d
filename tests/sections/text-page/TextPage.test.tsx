import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { company } from '../../../src/content/carsupport/company';
import { pages } from '../../../src/content/carsupport/pages';
import { TextPage } from '../../../src/sections/text-page/TextPage';
import { renderWithBrand } from '../renderWithBrand';

describe('TextPage', () => {
  it('renders the heading, the revision date and every section under its own heading', () => {
    renderWithBrand(
      <TextPage
        page={{
          heading: '利用規約',
          updatedAt: '2026-04-01',
          intro: 'はじめに',
          sections: [
            { heading: '第1条', paragraphs: ['本文1'] },
            { heading: '第2条', paragraphs: ['本文2'], list: ['項目A', '項目B'] },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: '利用規約' })).toBeInTheDocument();
    expect(screen.getByText('2026年4月1日')).toHaveAttribute('datetime', '2026-04-01');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '第1条',
      '第2条',
    ]);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['項目A', '項目B']);
  });

  it('shows the legal notice of the brand with its company facts as they are written', () => {
    renderWithBrand(<TextPage page={pages.legal} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(pages.legal.heading);
    expect(screen.getByText(company.name)).toBeInTheDocument();
  });

  it('makes the brand phone number a tel: link wherever the text mentions it', () => {
    renderWithBrand(
      <TextPage
        page={{
          heading: '特定商取引法に基づく表記',
          updatedAt: '2026-04-01',
          sections: [
            { heading: '電話番号', paragraphs: ['0120-012-402（受付時間 9:00〜19:00）'] },
            { heading: '窓口', paragraphs: ['<b>0120-012-402</b>'] },
          ],
        }}
      />,
      'yamada',
    );
    const links = screen.getAllByRole('link', { name: '0120-012-402' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'tel:0120012402',
      'tel:0120012402',
    ]);
    expect(links[0]?.parentElement).toHaveTextContent('0120-012-402（受付時間 9:00〜19:00）');
    // Text stays text: markup in the copy is never parsed.
    expect(links[1]?.parentElement).toHaveTextContent('<b>0120-012-402</b>');
  });

  it("renders the page data's phrase marks as <wbr> around the phone's link, the text unchanged", () => {
    const { container } = renderWithBrand(
      <TextPage
        page={{
          heading: '特定商取引法に\u200bもとづく\u200b表記',
          updatedAt: '2026-04-01',
          sections: [
            {
              heading: '電話番号',
              paragraphs: ['お電話は\u200b0120-012-402\u200bまで\u200bどうぞ'],
            },
          ],
        }}
      />,
      'yamada',
    );
    expect(container.querySelector('h1')!.querySelectorAll('wbr')).toHaveLength(2);
    const paragraph = screen.getByRole('link', { name: '0120-012-402' }).parentElement!;
    expect(paragraph.querySelectorAll('wbr')).toHaveLength(3);
    expect(paragraph.textContent).toBe('お電話は0120-012-402までどうぞ');
  });
});
