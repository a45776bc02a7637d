import { gtmSnippet, installPhoneClickTracking, pushEvent } from '../../src/lib/dataLayer';

type TestWindow = Window & { dataLayer?: unknown };

afterEach(() => {
  delete (window as TestWindow).dataLayer;
  document.body.innerHTML = '';
});

describe('pushEvent', () => {
  it('creates dataLayer when GTM never loaded and queues the event', () => {
    pushEvent('estimate_open', { brand: 'yamada', entry_point: 'cta' });

    expect((window as TestWindow).dataLayer).toEqual([
      { event: 'estimate_open', brand: 'yamada', entry_point: 'cta' },
    ]);
  });

  it('appends to an existing dataLayer and never lets a parameter rename the event', () => {
    (window as TestWindow).dataLayer = [{ 'gtm.start': 1 }];
    pushEvent('estimate_error', { event: 'other', error: 'timeout' });

    expect((window as TestWindow).dataLayer).toEqual([
      { 'gtm.start': 1 },
      { event: 'estimate_error', error: 'timeout' },
    ]);
  });

  it('does not throw when the dataLayer is broken', () => {
    (window as TestWindow).dataLayer = Object.assign([], {
      push: () => {
        throw new Error('GTM bug');
      },
    });
    expect(() => pushEvent('estimate_submit', {})).not.toThrow();
  });
});

describe('gtmSnippet', () => {
  it('is the GTM loader for the container', () => {
    const snippet = gtmSnippet('GTM-PF46FXZL');
    expect(snippet).toContain("'GTM-PF46FXZL'");
    expect(snippet).toContain('https://www.googletagmanager.com/gtm.js?id=');
    expect(snippet).toContain("'gtm.start'");
  });

  it('pushes gtm.start and injects the script when run', () => {
    const firstScript = document.createElement('script');
    document.body.append(firstScript);

    new Function(gtmSnippet('GTM-KZQ4D3H8'))();

    const layer = (window as TestWindow).dataLayer as Record<string, unknown>[];
    expect(layer[0]).toMatchObject({ event: 'gtm.js' });
    expect(typeof layer[0]?.['gtm.start']).toBe('number');
    const injected = document.querySelector('script[src]');
    expect(injected?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-KZQ4D3H8',
    );
  });

  it.each(['', 'GTM-', 'gtm-abc', "GTM-X');alert(1);('", 'UA-12345'])(
    'refuses the container id %j',
    (id) => {
      expect(() => gtmSnippet(id)).toThrow(/GTM container id/);
    },
  );
});

describe('installPhoneClickTracking', () => {
  it('reports taps on tel: links with the link’s entry point, including links added later', () => {
    const remove = installPhoneClickTracking('carsupport');
    document.body.innerHTML = `
      <a href="tel:0120104631" data-phone-link="cta"><span>0120-104-631</span></a>
      <a href="tel:0120104631">no entry point</a>
      <a href="/term">not a phone link</a>`;
    const [cta, bare, other] = Array.from(document.querySelectorAll('a'));
    const stop = (event: Event) => event.preventDefault();
    document.addEventListener('click', stop);

    cta?.querySelector('span')?.click();
    bare?.click();
    other?.click();
    remove();
    cta?.click();
    document.removeEventListener('click', stop);

    expect((window as TestWindow).dataLayer).toEqual([
      { event: 'phone_click', brand: 'carsupport', entry_point: 'cta' },
      { event: 'phone_click', brand: 'carsupport', entry_point: 'unknown' },
    ]);
  });
});
