import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { BrandProvider } from '../../src/brand/BrandProvider';
import type { BrandId } from '../../src/brand/brands';
import { usePageViews } from '../../src/tracking/usePageViews';
import { clearDataLayerAfterEach, dataLayerEntries } from '../dataLayer';

const titles: Record<string, string> = {
  '/': 'トップ',
  '/term': '利用規約',
  '/legal': '特定商取引法に基づく表記',
};

function Page() {
  const { pathname } = useLocation();
  usePageViews(titles[pathname]);
  return (
    <nav>
      <Link to="/term">利用規約</Link>
      <Link to="/legal?email=taro%40example.com">特商法</Link>
      <Link to="/legal?utm_source=x">同じページ</Link>
      <Link to="/legal#top">ページ内</Link>
      <Link to="/">トップ</Link>
    </nav>
  );
}

function renderAt(entry: string, brand: BrandId = 'carsupport') {
  render(
    <StrictMode>
      <BrandProvider brand={brand}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="*" element={<Page />} />
          </Routes>
        </MemoryRouter>
      </BrandProvider>
    </StrictMode>,
  );
  return userEvent.setup();
}

function pageViews() {
  return dataLayerEntries().filter((entry) => entry.event === 'page_view');
}

clearDataLayerAfterEach();

describe('usePageViews', () => {
  it('pushes nothing for the first load, which the tag manager counts itself', () => {
    renderAt('/?utm_source=google');

    expect(pageViews()).toEqual([]);
  });

  it('pushes one page_view per in-app navigation with path, title and brand', async () => {
    const user = renderAt('/', 'yamada');

    await user.click(screen.getByRole('link', { name: '利用規約' }));
    await user.click(screen.getByRole('link', { name: '特商法' }));
    await user.click(screen.getByRole('link', { name: 'トップ' }));

    expect(pageViews()).toEqual([
      { event: 'page_view', page_path: '/term', page_title: '利用規約', brand: 'yamada' },
      {
        event: 'page_view',
        page_path: '/legal',
        page_title: '特定商取引法に基づく表記',
        brand: 'yamada',
      },
      { event: 'page_view', page_path: '/', page_title: 'トップ', brand: 'yamada' },
    ]);
    // The query a link carried never reaches the tag manager.
    expect(JSON.stringify(dataLayerEntries())).not.toContain('taro');
  });

  it('pushes nothing when only the query or the hash changes', async () => {
    const user = renderAt('/legal');

    await user.click(screen.getByRole('link', { name: '同じページ' }));
    await user.click(screen.getByRole('link', { name: 'ページ内' }));

    expect(pageViews()).toEqual([]);
  });
});
