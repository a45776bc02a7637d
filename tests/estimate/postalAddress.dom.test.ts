import { normalizePostalCode } from '../../src/estimate/contract/validation/normalize';
import { addressConfirmer, warmPostalData } from '../../src/estimate/postalAddress';

const getAddress = vi.hoisted(() => vi.fn());
vi.mock('../../src/estimate/postalData', () => ({ getAddress }));

describe('the postal data for a code typed in a simple form', () => {
  let idle: (() => void)[] = [];
  let stop = () => {};

  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => {});
    document.body.innerHTML = `<form data-estimate-form="simple-form-1">
      <input name="vehicle.postalCode"></form><p id="words"></p>`;
    getAddress.mockReset();
  });

  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  function type(value: string): void {
    const input = document.querySelector('input')!;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('loads in idle time, before the tap carries the code into the dialog', async () => {
    getAddress.mockResolvedValue({ pref: '東京都', city: '渋谷区' });
    stop = warmPostalData(normalizePostalCode);
    type('150-0001');
    expect(getAddress).not.toHaveBeenCalled();
    for (const task of idle) task();
    await vi.waitFor(() => expect(getAddress).toHaveBeenCalledWith('1500001'));
  });

  it('breaks nothing when the load fails: the dialog still confirms the code later', async () => {
    getAddress.mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'));
    stop = warmPostalData(normalizePostalCode);
    type('1500001');
    for (const task of idle) task();
    await vi.waitFor(() => expect(getAddress).toHaveBeenCalledTimes(1));

    getAddress.mockResolvedValue({ pref: '東京都', city: '渋谷区' });
    const words = document.querySelector('#words')!;
    addressConfirmer(words, normalizePostalCode)('1500001');
    await vi.waitFor(() => expect(words.textContent).toBe('〒150-0001 東京都渋谷区'));
  });
});
