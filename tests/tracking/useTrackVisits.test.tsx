import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { readTrackingData } from '../../src/tracking/trackingData';
import { useTrackVisits } from '../../src/tracking/useTrackVisits';

function Tracked() {
  useTrackVisits();
  return (
    <nav>
      <Link to="/term">利用規約</Link>
      <Link to="/legal?utm_source=footer">特定商取引法</Link>
    </nav>
  );
}

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="*" element={<Tracked />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useTrackVisits', () => {
  it('records the entry on mount', async () => {
    renderAt('/?utm_source=google&gclid=abc');

    await waitFor(() =>
      expect(readTrackingData()).toMatchObject({
        lp_entry_url: '/?utm_source=google&gclid=abc',
        estimate_generated_url: '/',
        source: 'google',
        gaid: 'abc',
      }),
    );
  });

  it('records each navigation while keeping the entry', async () => {
    const user = userEvent.setup();
    renderAt('/?utm_source=google&gclid=abc');

    await waitFor(() => expect(readTrackingData().estimate_generated_url).toBe('/'));
    await user.click(screen.getByRole('link', { name: '利用規約' }));
    await waitFor(() =>
      expect(readTrackingData()).toMatchObject({
        lp_entry_url: '/?utm_source=google&gclid=abc',
        estimate_generated_url: '/term',
        source: 'google',
      }),
    );

    await user.click(screen.getByRole('link', { name: '特定商取引法' }));
    await waitFor(() =>
      expect(readTrackingData()).toMatchObject({
        lp_entry_url: '/?utm_source=google&gclid=abc',
        estimate_generated_url: '/legal',
        source: 'footer',
        gaid: 'abc',
      }),
    );
  });
});
