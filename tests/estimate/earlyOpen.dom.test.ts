import { adoptFormFromUrl, parseOpenOptions, takeEarlyOpen } from '../../src/estimate/earlyOpen';
import { rememberReopen, reopenStorageKey } from '../../src/estimate/openers';

afterEach(() => {
  delete window.__estimateTap;
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

describe('a simple form sent before scripts ran (native GET)', () => {
  it('opens with its values and leaves every other parameter in the URL', () => {
    window.history.replaceState(
      { key: 'k' },
      '',
      '/?utm_source=ads&expiryYear=%EF%BC%92%EF%BC%90%EF%BC%92%EF%BC%97&expiryMonth=3&expiryDay=' +
        '&maker=%E8%BC%B8%E5%85%A5%E8%BB%8A&model=Golf&postalCode=123-4567' +
        '&estimateEntry=simple-form-2&gclid=g1&other=x#simple-form-2',
    );
    adoptFormFromUrl();
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/?utm_source=ads&gclid=g1&other=x#simple-form-2',
    );
    expect(window.history.state).toEqual({ key: 'k' });
    expect(takeEarlyOpen()).toEqual({
      entryPoint: 'simple-form-2',
      prefill: {
        expiryYear: '２０２７',
        expiryMonth: '3',
        maker: '輸入車',
        model: 'Golf',
        postalCode: '123-4567',
      },
    });
    expect(takeEarlyOpen()).toBeNull();
  });

  it('leaves a URL without a form entry alone, and drops an unknown entry point', () => {
    window.history.replaceState(null, '', '/?maker=x&utm_source=a');
    adoptFormFromUrl();
    expect(window.location.search).toBe('?maker=x&utm_source=a');
    expect(takeEarlyOpen()).toBeNull();

    window.history.replaceState(null, '', '/?estimateEntry=admin&maker=x');
    adoptFormFromUrl();
    expect(window.location.search).toBe('');
    expect(takeEarlyOpen()).toBeNull();
  });

  it('yields to a tap the loader kept after it', () => {
    window.__estimateTap = { entryPoint: 'header' };
    window.history.replaceState(null, '', '/?estimateEntry=simple-form-1&model=a');
    adoptFormFromUrl();
    expect(takeEarlyOpen()).toEqual({ entryPoint: 'header' });
  });
});

describe('a tap kept by the first-paint loader', () => {
  it('keeps only known quick fields, capped, and clears the busy mark', () => {
    document.body.innerHTML =
      '<button data-estimate-opener="cta" aria-busy="true"></button>' +
      '<form data-estimate-form="simple-form-1"><button aria-busy="true"></button></form>';
    window.__estimateTap = {
      entryPoint: 'simple-form-1',
      prefill: { model: 'あ'.repeat(500), maker: 'トヨタ', estimateEntry: 'x', evil: '<b>' },
    };
    const taken = takeEarlyOpen();
    expect(taken?.entryPoint).toBe('simple-form-1');
    expect(taken?.prefill).toEqual({ model: 'あ'.repeat(200), maker: 'トヨタ' });
    expect(document.querySelectorAll('[aria-busy]')).toHaveLength(0);
    expect(window.__estimateTap).toBeUndefined();
  });

  it('ignores anything not shaped like an open', () => {
    for (const raw of [null, 'header', { entryPoint: 'nowhere' }, { entryPoint: 1 }]) {
      expect(parseOpenOptions(raw)).toBeNull();
    }
    expect(parseOpenOptions({ entryPoint: 'cta', prefill: 'x' })).toEqual({ entryPoint: 'cta' });
  });
});

describe('an open cut short by a failed load', () => {
  it('is honoured after the reload, once, and only while recent', () => {
    rememberReopen({ entryPoint: 'simple-form-1', prefill: { maker: 'いすゞ' } }, 1_000);
    expect(takeEarlyOpen(5_000)).toEqual({
      entryPoint: 'simple-form-1',
      prefill: { maker: 'いすゞ' },
    });
    expect(sessionStorage.getItem(reopenStorageKey)).toBeNull();

    rememberReopen({ entryPoint: 'cta' }, 1_000);
    expect(takeEarlyOpen(1_000 + 61_000)).toBeNull();

    sessionStorage.setItem(reopenStorageKey, '{not json');
    expect(takeEarlyOpen()).toBeNull();
  });
});
