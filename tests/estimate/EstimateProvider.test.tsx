import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrandProvider } from '../../src/brand/BrandProvider';
import { saveDraft } from '../../src/estimate/draft';
import { createDraft } from '../../src/estimate/draftRules';
import { useEstimateOpener } from '../../src/estimate/EstimateContext';
import { EstimateProvider } from '../../src/estimate/EstimateProvider';
import { emptyFormValues } from '../../src/estimate/formValues';
import { hasPendingInput, setPendingInput } from '../../src/lib/pendingInput';

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

afterEach(() => {
  setPendingInput('estimate', false);
});

function Page() {
  const openEstimate = useEstimateOpener();
  return (
    <>
      <button type="button" onClick={() => openEstimate({ entryPoint: 'header' })}>
        無料見積もり
      </button>
      <button
        type="button"
        onClick={() =>
          openEstimate({
            entryPoint: 'simple-form-1',
            prefill: { model: 'N-BOX', maker: 'ホンダ' },
          })
        }
      >
        簡易フォームから
      </button>
      <div data-section="estimate-modal" />
    </>
  );
}

function renderPage() {
  render(
    <BrandProvider brand="carsupport">
      <EstimateProvider>
        <Page />
      </EstimateProvider>
    </BrandProvider>,
  );
  return userEvent.setup();
}

describe('EstimateProvider', () => {
  it('loads the modal on first open, into the page’s estimate-modal placeholder', async () => {
    const user = renderPage();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '無料見積もり' }));

    await screen.findByRole('textbox', { name: '車種' });
    const dialog = screen.getByRole('dialog', { name: '無料お見積もり依頼' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog.parentElement).toHaveAttribute('data-section', 'estimate-modal');
  });

  it('closes and opens again with what was typed', async () => {
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: '無料見積もり' }));
    await screen.findByRole('textbox', { name: '車種' });
    await user.type(screen.getByRole('textbox', { name: '車種' }), 'ノート');

    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(screen.getByRole('dialog', { hidden: true })).not.toHaveAttribute('open');

    await user.click(screen.getByRole('button', { name: '無料見積もり', hidden: true }));
    expect(screen.getByRole('dialog')).toHaveAttribute('open');
    expect(screen.getByRole('textbox', { name: '車種' })).toHaveValue('ノート');
  });

  it('does not open a stored draft by itself, but restores it on open and merges a prefill', async () => {
    const values = emptyFormValues();
    values.vehicle.model = 'フィット';
    values.customer.lastName = '佐藤';
    saveDraft(createDraft(values, 'cta'));

    const user = renderPage();

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Checked in idle time (the draft code is not in the first view).
    await waitFor(() => expect(hasPendingInput()).toBe(true));

    await user.click(screen.getByRole('button', { name: '簡易フォームから' }));

    expect(await screen.findByRole('textbox', { name: '車種' })).toHaveValue('N-BOX');
    expect(screen.getByRole('combobox', { name: 'メーカー' })).toHaveValue('ホンダ');
    expect(screen.getByRole('textbox', { name: '姓' })).toHaveValue('佐藤');
  });

  it('leaves the reload alone when there is no draft', () => {
    renderPage();
    expect(hasPendingInput()).toBe(false);
  });
});
