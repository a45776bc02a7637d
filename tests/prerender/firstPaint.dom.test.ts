import { firstPaint } from '../../src/firstPaint';

type LoaderWindow = Window & { dataLayer?: Record<string, unknown>[] };

/** Runs the first-paint script as the page would (its entry passes its own element). */
function runLoader(script: HTMLScriptElement) {
  firstPaint(script);
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

describe('the estimate dialog', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  /** A landing page's openers and dialog, as prerendered (only what the script reads). */
  function page() {
    document.body.innerHTML = `
      <button type="button" commandfor="estimate" command="show-modal" data-estimate-opener="tracking-footer"><span>見積もり</span></button>
      <button type="button" data-estimate-opener="price-check"
        data-estimate-values='{"quote.vehicleClass":"kei","quote.roughTotal":"36740","vehicle.firstRegistrationYear":"2015"}'>概算</button>
      <form data-estimate-form="simple-form-2" method="get">
        <input name="vehicle.expiryYear" value="２０２７"><select name="vehicle.maker"><option selected>いすゞ</option></select>
        <input name="vehicle.model" value="エルフ"><input name="vehicle.postalCode" value="">
        <button type="submit">送信</button>
      </form>
      <dialog id="estimate"><form method="post" action="/api/estimates">
        <input hidden name="entryPoint" value="header">
        <input hidden name="quote.vehicleClass" value="" disabled><input hidden name="quote.roughTotal" value="" disabled>
        <select name="vehicle.expiryYear" required><option value=""></option><option>2026</option><option>2027</option></select>
        <select name="vehicle.maker" required><option value=""></option><option>いすゞ</option></select>
        <input name="vehicle.model" required><input name="vehicle.postalCode" required>
        <select name="vehicle.firstRegistrationYear"><option value=""></option><option>2015</option></select>
        <input type="checkbox" name="consent" required>
        <button type="submit" name="intent" value="slots" formnovalidate>空き枠を表示する</button>
        <button type="submit">依頼する</button>
      </form></dialog>`;
  }

  function dialogForm(): HTMLFormElement {
    return document.querySelector('dialog form')!;
  }

  function control(name: string): HTMLInputElement {
    return dialogForm().elements.namedItem(name) as HTMLInputElement;
  }

  it('opens from an opener in place of its command, with its entry point, on the first empty required field', () => {
    page();
    runLoader(loaderElement());
    const opened = vi.fn();
    document.querySelector('dialog')!.addEventListener('estimate-open', opened);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('span')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(document.querySelector('dialog')).toHaveAttribute('open');
    expect(control('entryPoint')).toHaveValue('tracking-footer');
    expect(control('vehicle.expiryYear')).toHaveFocus();
    // (The loaders of earlier tests listen on this document too: each opens the same way.)
    expect(opened).toHaveBeenCalled();
    for (const [event] of opened.mock.calls) {
      expect((event as CustomEvent).detail).toBe('tracking-footer');
    }
  });

  it("writes an opener's values, the quote included, without an event per control", () => {
    page();
    runLoader(loaderElement());
    const changes: string[] = [];
    dialogForm().addEventListener('input', (event) => {
      changes.push((event.target as HTMLInputElement).name);
    });
    (document.querySelectorAll('button')[1] as HTMLButtonElement).click();
    expect(control('entryPoint')).toHaveValue('price-check');
    expect(control('quote.vehicleClass')).toBeEnabled();
    expect(control('quote.vehicleClass')).toHaveValue('kei');
    expect(control('quote.roughTotal')).toHaveValue('36740');
    expect(control('vehicle.firstRegistrationYear')).toHaveValue('2015');
    // Each event would re-render the form's code, on the tap's frame; it reads them at open.
    expect(changes).toEqual([]);

    // Another opener sends no quote.
    document.querySelector('dialog')!.close();
    document.querySelector('span')!.click();
    expect(control('quote.vehicleClass')).toBeDisabled();
    expect(control('quote.roughTotal')).toBeDisabled();
  });

  it("moves a simple form's values into the dialog instead of its GET; a typed year becomes its option", () => {
    page();
    runLoader(loaderElement());
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    document.querySelector('form[data-estimate-form]')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(control('entryPoint')).toHaveValue('simple-form-2');
    expect(control('vehicle.expiryYear')).toHaveValue('2027');
    expect(control('vehicle.maker')).toHaveValue('いすゞ');
    expect(control('vehicle.model')).toHaveValue('エルフ');
    // The first required field still empty takes the focus.
    expect(control('vehicle.postalCode')).toHaveFocus();
  });

  it('reads a year typed in 令和 or by its last digits as the option it means', () => {
    for (const typed of ['27', '令和9', 'Ｒ９', '9']) {
      page();
      runLoader(loaderElement());
      document.querySelector<HTMLInputElement>('[data-estimate-form] input')!.value = typed;
      const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
      document.querySelector('form[data-estimate-form]')!.dispatchEvent(submit);
      expect(control('vehicle.expiryYear'), typed).toHaveValue('2027');
    }
  });

  it("holds the dialog's submit until the form's code takes it over", () => {
    page();
    runLoader(loaderElement());
    const form = dialogForm();
    const first = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    expect(form).toHaveAttribute('data-state', 'held');
    const again = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);

    form.setAttribute('data-state', 'enhanced');
    const enhanced = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(enhanced);
    expect(enhanced.defaultPrevented).toBe(false);
  });

  it("lets 空き枠を表示する post natively before the form's code runs: it asks for a page, never sends", () => {
    page();
    runLoader(loaderElement());
    const form = dialogForm();
    const slots = form.querySelector<HTMLButtonElement>('[formnovalidate]')!;
    const asked = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: slots });
    form.dispatchEvent(asked);
    expect(asked.defaultPrevented).toBe(false);
    expect(form).not.toHaveAttribute('data-state');
  });

  it('posts a held submit natively when the app cannot start at all', async () => {
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true });
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    page();
    runLoader(loaderElement());
    const form = dialogForm();
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(submit).not.toHaveBeenCalled();
    // The entry (/assets/does-not-exist.js) fails to import.
    await vi.advanceTimersByTimeAsync(3000);
    await vi.waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.contexts[0]).toBe(form);
    expect(form).toHaveAttribute('data-state', 'native');
  });

  it("posts a held submit natively when the form's code cannot load (the page says so)", () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    page();
    runLoader(loaderElement());
    const form = dialogForm();
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    expect(form).toHaveAttribute('data-state', 'held');
    document.dispatchEvent(new Event('estimate-native-post'));
    expect(submit.mock.contexts.filter((context) => context === form)).toHaveLength(1);
    expect(form).toHaveAttribute('data-state', 'native');
  });

  it('opens the closed dialog unseen as a modal when asked, and closes it unheard, as it was', () => {
    page();
    runLoader(loaderElement());
    const dialog = document.querySelector('dialog')!;
    const laidOut: string[] = [];
    const measure = vi
      .spyOn(HTMLDialogElement.prototype, 'getBoundingClientRect')
      .mockImplementation(function (this: HTMLDialogElement) {
        laidOut.push(`${String(this.open)} ${this.style.visibility} ${this.tabIndex}`);
        return new DOMRect();
      });
    const heard = vi.fn();
    dialog.addEventListener('close', heard);
    document.dispatchEvent(new Event('estimate-lay-out'));
    // Laid out open (the modal's costs), unseen, the dialog itself taking the focus.
    expect(laidOut).toEqual(['true hidden -1']);
    expect(dialog.open).toBe(false);
    expect(dialog.getAttribute('style') ?? '').toBe('');
    expect(dialog).not.toHaveAttribute('tabindex');
    expect(dialog.autofocus).toBe(false);
    expect(heard).not.toHaveBeenCalled();
    // A real close afterwards is heard.
    dialog.showModal();
    dialog.close();
    expect(heard).toHaveBeenCalledTimes(1);
    // An open dialog, or a visitor typing in a field, is left alone.
    dialog.showModal();
    laidOut.length = 0;
    document.dispatchEvent(new Event('estimate-lay-out'));
    dialog.close();
    document.querySelector<HTMLInputElement>('[name="vehicle.model"]')!.focus();
    document.dispatchEvent(new Event('estimate-lay-out'));
    expect(laidOut).toEqual([]);
    measure.mockRestore();
  });

  it('opens on arrival from a link to /#estimate, and takes the hash out of the address', () => {
    window.history.replaceState(null, '', '/?utm_source=x#estimate');
    page();
    runLoader(loaderElement());
    expect(document.querySelector('dialog')).toHaveAttribute('open');
    expect(control('entryPoint')).toHaveValue('header');
    expect(window.location.hash).toBe('');
    expect(window.location.search).toBe('?utm_source=x');
  });

  it('leaves openers alone on a page without the dialog (a link there goes on)', () => {
    document.body.innerHTML = '<a href="/#estimate" data-estimate-opener="header">見積もり</a>';
    runLoader(loaderElement());
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
