import {
  keepFormCodeFailureFromReloading,
  setFetchingFormCode,
} from '../../src/estimate/formCodeFailure';

function preloadError(message: string): Event & { payload: Error } {
  const event = new Event('vite:preloadError', { cancelable: true }) as Event & { payload: Error };
  event.payload = new Error(message);
  return event;
}

describe('a failed fetch of the estimate form code', () => {
  const formChunk = 'Failed to fetch dynamically imported module: /assets/EstimateForm-a1b2.js';
  const appHandler = vi.fn();

  beforeAll(() => {
    keepFormCodeFailureFromReloading();
    // The app's chunk-failure handler, installed after it (src/entry-client.tsx).
    window.addEventListener('vite:preloadError', appHandler);
  });

  afterEach(() => {
    setFetchingFormCode(false);
    appHandler.mockClear();
  });

  it('never reaches the reloading handler while the form code is fetched', () => {
    setFetchingFormCode(true);
    const event = preloadError(formChunk);
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(appHandler).not.toHaveBeenCalled();
  });

  it("leaves another chunk's failure, and any failure outside the fetch, to the app", () => {
    setFetchingFormCode(true);
    window.dispatchEvent(
      preloadError('Failed to fetch dynamically imported module: /assets/TextPageRoute-x.js'),
    );
    setFetchingFormCode(false);
    window.dispatchEvent(preloadError(formChunk));
    expect(appHandler).toHaveBeenCalledTimes(2);
  });
});
