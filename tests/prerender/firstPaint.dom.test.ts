import { appLoaderScript } from '../../prerender/firstPaint';

type LoaderWindow = Window & { dataLayer?: Record<string, unknown>[] };

/** Runs the loader as the page would, with `script` as document.currentScript. */
function runLoader(script: HTMLScriptElement) {
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function(appLoaderScript)();
}

function loaderElement(): HTMLScriptElement {
  const script = document.createElement('script');
  script.dataset.gtm = 'GTM-PF46FXZL';
  script.dataset.entry = '/assets/does-not-exist.js';
  script.dataset.preload = '/assets/framework-x.js /assets/HomePage-y.js';
  return script;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  delete (window as LoaderWindow).dataLayer;
  document.head.innerHTML = '';
});

describe('the app loader', () => {
  it('starts nothing before the page has loaded and painted', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    runLoader(loaderElement());
    vi.advanceTimersByTime(100);
    expect(document.head.querySelector('script[src], link[rel="modulepreload"]')).toBeNull();
    expect((window as LoaderWindow).dataLayer).toBeUndefined();
  });

  it('then loads the tag manager with the container and preloads the app', () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    runLoader(loaderElement());
    // Two animation frames and a task after `load`.
    vi.advanceTimersByTime(100);
    expect((window as LoaderWindow).dataLayer?.[0]).toMatchObject({ event: 'gtm.js' });
    expect(document.head.querySelector('script[src]')?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-PF46FXZL',
    );
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/framework-x.js',
      '/assets/HomePage-y.js',
    ]);
  });

  it('starts once, even in a background tab that never paints', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    runLoader(loaderElement());
    vi.advanceTimersByTime(3000);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(3000);
    expect(document.head.querySelectorAll('script[src]')).toHaveLength(1);
    expect((window as LoaderWindow).dataLayer).toHaveLength(1);
  });
});

describe('estimate taps before the app runs', () => {
  afterEach(() => {
    delete window.__estimateTap;
    delete document.documentElement.dataset.hydrated;
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML = `
      <button type="button" data-estimate-opener="tracking-footer"><span>見積もり</span></button>
      <form data-estimate-form="simple-form-2" method="get">
        <input name="expiryYear" value="２０２７"><select name="maker"><option selected>いすゞ</option></select>
        <input type="hidden" name="estimateEntry" value="simple-form-2">
        <button type="submit">送信</button>
      </form>`;
  }

  it('keeps an opener tap and a simple-form submit (instead of its GET), marking them busy', () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
    page();
    runLoader(loaderElement());

    document.querySelector('span')!.click();
    expect(window.__estimateTap).toEqual({ entryPoint: 'tracking-footer' });
    expect(document.querySelector('[data-estimate-opener]')).toHaveAttribute('aria-busy', 'true');

    const form = document.querySelector('form')!;
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(window.__estimateTap).toEqual({
      entryPoint: 'simple-form-2',
      prefill: { expiryYear: '２０２７', maker: 'いすゞ', estimateEntry: 'simple-form-2' },
    });
    expect(form.querySelector('[type=submit]')).toHaveAttribute('aria-busy', 'true');
  });

  it('lets a held submit go as its native GET when the app cannot start at all', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    page();
    runLoader(loaderElement());
    const form = document.querySelector('form')!;
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(submit).not.toHaveBeenCalled();
    // The entry (/assets/does-not-exist.js) fails to import.
    await vi.advanceTimersByTimeAsync(3000);
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.contexts[0]).toBe(form);
  });

  it('leaves taps to the app once it has hydrated', () => {
    page();
    runLoader(loaderElement());
    document.documentElement.dataset.hydrated = 'true';
    document.querySelector('span')!.click();
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(window.__estimateTap).toBeUndefined();
  });
});
