import {
  clearDataLayerKeys,
  installPhoneClickTracking,
  isGtmContainerId,
  pushEvent,
} from '../../src/lib/dataLayer';

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

describe('clearDataLayerKeys', () => {
  it('sets the keys to null in the data model, without an event', () => {
    pushEvent('estimate_success', { estimate_id: 'id-1', user_provided_data: { email: 'a@b.jp' } });
    clearDataLayerKeys(['user_provided_data']);

    expect((window as TestWindow).dataLayer).toEqual([
      { event: 'estimate_success', estimate_id: 'id-1', user_provided_data: { email: 'a@b.jp' } },
      { user_provided_data: null },
    ]);
  });
});

describe('isGtmContainerId', () => {
  it("accepts both brands' containers", () => {
    expect(isGtmContainerId('GTM-PF46FXZL')).toBe(true);
    expect(isGtmContainerId('GTM-KZQ4D3H8')).toBe(true);
  });

  it.each(['', 'GTM-', 'gtm-abc', "GTM-X');alert(1);('", 'GTM-X" onload="x', 'UA-12345'])(
    'refuses %j',
    (id) => {
      expect(isGtmContainerId(id)).toBe(false);
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
