import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEstimateOpener } from '../../src/estimate/EstimateContext';
import { EstimateProvider } from '../../src/estimate/EstimateProvider';

// A deploy removed the old chunk: importing the modal fails.
let loads = 0;
vi.mock('../../src/estimate/EstimateModal', () => {
  loads += 1;
  throw new Error('Failed to fetch dynamically imported module');
});

function Page() {
  const openEstimate = useEstimateOpener();
  return (
    <button type="button" onClick={() => openEstimate({ entryPoint: 'cta' })}>
      無料見積もり
    </button>
  );
}

it('keeps the page working when the modal chunk fails to load, and tries again on the next open', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const user = userEvent.setup();
  render(
    <EstimateProvider>
      <Page />
    </EstimateProvider>,
  );

  await user.click(screen.getByRole('button', { name: '無料見積もり' }));
  await waitFor(() =>
    expect(consoleError).toHaveBeenCalledWith(
      '[estimate] the modal failed to load',
      expect.any(Error),
    ),
  );
  expect(screen.getByRole('button', { name: '無料見積もり' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const firstLoads = loads;
  expect(firstLoads).toBeGreaterThan(0);

  await user.click(screen.getByRole('button', { name: '無料見積もり' }));
  await waitFor(() => expect(loads).toBeGreaterThan(firstLoads));
});
