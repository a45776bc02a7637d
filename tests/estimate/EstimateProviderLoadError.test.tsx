import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrandProvider } from '../../src/brand/BrandProvider';
import { brands } from '../../src/brand/brands';
import { loadDraft } from '../../src/estimate/draft';
import { reopenStorageKey } from '../../src/estimate/openers';
import { useEstimateOpener } from '../../src/estimate/EstimateContext';
import { EstimateProvider } from '../../src/estimate/EstimateProvider';

// A deploy removed the old chunk: importing the modal fails.
let loads = 0;
vi.mock('../../src/estimate/EstimateModal', () => {
  loads += 1;
  throw new Error('Failed to fetch dynamically imported module');
});

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

afterEach(() => sessionStorage.clear());

function Page() {
  const openEstimate = useEstimateOpener();
  return (
    <>
      <button type="button" onClick={() => openEstimate({ entryPoint: 'cta' })}>
        無料見積もり
      </button>
      <button
        type="button"
        onClick={() =>
          openEstimate({
            entryPoint: 'simple-form-2',
            prefill: { expiryYear: '2027', expiryMonth: '3', maker: '輸入車', model: 'ゴルフ' },
          })
        }
      >
        簡易フォームから
      </button>
    </>
  );
}

function renderPage() {
  render(
    <BrandProvider brand="yamada">
      <EstimateProvider>
        <Page />
      </EstimateProvider>
    </BrandProvider>,
  );
  return userEvent.setup();
}

it('keeps what a simple form sent, says the form could not load, and offers the phone and a retry', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const user = renderPage();

  await user.click(screen.getByRole('button', { name: '簡易フォームから' }));
  // The tap gets a dialog even though the modal's code never arrives.
  const dialog = await screen.findByRole('dialog', { name: '無料お見積もり依頼' });
  expect(dialog).toHaveAttribute('open');

  const alert = await within(dialog).findByRole('alert');
  expect(alert).toHaveTextContent('フォームを読み込めませんでした');
  const phone = brands.yamada.phone;
  expect(within(alert).getByRole('link', { name: phone })).toHaveAttribute(
    'href',
    `tel:${phone.replace(/-/g, '')}`,
  );
  expect(consoleError).toHaveBeenCalledWith(
    '[estimate] the modal failed to load',
    expect.any(Error),
  );

  // The values are the draft already, and the open is kept for the reload that follows.
  expect(loadDraft()).toMatchObject({
    entryPoint: 'simple-form-2',
    values: { vehicle: { expiryYear: '2027', expiryMonth: '3', maker: '輸入車', model: 'ゴルフ' } },
  });
  expect(JSON.parse(sessionStorage.getItem(reopenStorageKey) ?? '{}')).toMatchObject({
    entryPoint: 'simple-form-2',
    prefill: { maker: '輸入車' },
  });

  // The retry asks for the code again; it is never a dead button.
  const firstLoads = loads;
  await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
  await waitFor(() => expect(loads).toBeGreaterThan(firstLoads));
  await within(dialog).findByRole('alert');

  // Closing gives the page back and forgets the pending reopen (the draft stays).
  await user.click(within(dialog).getByRole('button', { name: '閉じる' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sessionStorage.getItem(reopenStorageKey)).toBeNull();
  expect(loadDraft()?.values.vehicle.model).toBe('ゴルフ');

  // The next open tries again.
  const loadsBefore = loads;
  await user.click(screen.getByRole('button', { name: '無料見積もり' }));
  await waitFor(() => expect(loads).toBeGreaterThan(loadsBefore));
});
