import { captureEntryScript } from '../../src/tracking/captureEntry';
import Cookies from 'js-cookie';
import {
  cookieAttributesForHost,
  entryUrlStorageKey,
  fitCookieBudget,
  maxCookieBytes,
  readTrackingData,
  recordVisit,
  trackingCookieName,
} from '../../src/tracking/trackingData';
import {
  clickIdParams,
  keepAttributionParams,
  queryFieldMap,
  trackingKeys,
  trackingMaxLength,
  trackingUrlMaxLength,
  trackingValueMaxLength,
  type TrackingData,
} from '../../src/tracking/trackingFields';

const host = 'localhost:3000';

function visit(pathAndQuery: string, onHost = host) {
  const url = new URL(pathAndQuery, 'http://example.invalid');
  return recordVisit({ host: onHost, pathname: url.pathname, search: url.search });
}

function rawCookie(): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${trackingCookieName}=`))
    ?.slice(trackingCookieName.length + 1);
}

describe('recordVisit', () => {
  it('maps the utm parameters and gclid to the cookie fields', () => {
    visit(
      '/?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=%E8%BB%8A%E6%A4%9C&utm_content=ad1&gclid=Cj0KCQ',
    );

    expect(readTrackingData()).toEqual({
      lp_entry_url:
        '/?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=%E8%BB%8A%E6%A4%9C&utm_content=ad1&gclid=Cj0KCQ',
      estimate_generated_url: '/',
      source: 'google',
      inquiry_medium: 'cpc',
      campaign: 'spring',
      term: '車検',
      inquiry_content: 'ad1',
      gaid: 'Cj0KCQ',
    });
  });

  it('overwrites fields with new parameters and keeps the ones absent from the query', () => {
    visit('/?utm_source=google&utm_campaign=spring&gclid=first');
    sessionStorage.clear();
    visit('/?utm_source=yahoo&gclid=second');

    const data = readTrackingData();
    expect(data.source).toBe('yahoo');
    expect(data.gaid).toBe('second');
    expect(data.campaign).toBe('spring');
  });

  it('treats an empty parameter as absent', () => {
    visit('/?utm_source=google');
    visit('/?utm_source=&utm_medium=%20%20');

    expect(readTrackingData().source).toBe('google');
    expect(readTrackingData().inquiry_medium).toBeUndefined();
  });

  it('keeps the first path and query of the session as lp_entry_url and tracks the current path', () => {
    visit('/?utm_source=google');
    visit('/term');
    const data = visit('/privacypolicy?x=1');

    expect(data.lp_entry_url).toBe('/?utm_source=google');
    expect(data.estimate_generated_url).toBe('/privacypolicy');
    expect(sessionStorage.getItem(entryUrlStorageKey)).toBe('/?utm_source=google');
    expect(readTrackingData()).toMatchObject({
      lp_entry_url: '/?utm_source=google',
      estimate_generated_url: '/privacypolicy',
    });
  });

  it('uses the entry already in sessionStorage', () => {
    sessionStorage.setItem(entryUrlStorageKey, '/legal?utm_source=mail');

    expect(visit('/').lp_entry_url).toBe('/legal?utm_source=mail');
  });

  it('starts a new entry in a new session even when the cookie holds an older one', () => {
    visit('/?utm_source=old');
    sessionStorage.clear();

    expect(visit('/term').lp_entry_url).toBe('/term');
  });

  it('takes the first of repeated parameters', () => {
    expect(visit('/?utm_source=first&utm_source=second').source).toBe('first');
  });

  it('caps each value: 200 characters for parameters, 512 for urls', () => {
    const data = visit(`/${'p'.repeat(1000)}?utm_source=${'s'.repeat(300)}`);

    expect(trackingValueMaxLength).toBe(200);
    expect(trackingUrlMaxLength).toBe(512);
    expect(data.source).toBe('s'.repeat(200));
    expect(data.estimate_generated_url).toHaveLength(512);
    expect(data.lp_entry_url).toHaveLength(512);
  });

  it('strips control characters and surrounding spaces', () => {
    const data = visit('/?utm_source=%00%20goo%0D%0Agle%1B%20&utm_medium=a%E2%80%AEb');

    expect(data.source).toBe('google');
    expect(data.inquiry_medium).toBe('ab');
  });

  it('survives malformed percent-escapes and lone surrogates', () => {
    const data = recordVisit({
      host,
      pathname: '/bad\ud800path',
      search: '?utm_source=%E0%A4%A&utm_medium=%ZZ&utm_campaign=%&utm_term=%ED%A0%80',
    });

    expect(data.estimate_generated_url).toBe('/badpath');
    expect(data.inquiry_medium).toBe('%ZZ');
    expect(data.campaign).toBe('%');
    expect(readTrackingData()).toEqual(data);
  });

  it('keeps the encoded cookie under 4 KB with 10 KB values', () => {
    const huge = 'x'.repeat(10_000);
    const hugeJapanese = '車'.repeat(10_000);
    const setSpy = vi.spyOn(Cookies, 'set');

    const data = visit(
      `/${huge}?utm_source=${huge}&utm_medium=${hugeJapanese}&utm_campaign=${hugeJapanese}` +
        `&utm_term=${hugeJapanese}&utm_content=${hugeJapanese}&gclid=short-id`,
    );

    const written = setSpy.mock.calls.at(-1)?.[1] as string;
    const encoded = `${trackingCookieName}=${Cookies.converter.write(written, trackingCookieName)}`;
    expect(encoded.length).toBeLessThanOrEqual(maxCookieBytes);
    expect(rawCookie()).toBeDefined();
    expect(data.gaid).toBe('short-id');
    expect(data.source).toBe('x'.repeat(200));
    expect(readTrackingData()).toEqual(data);
  });

  it('replaces a corrupt cookie instead of failing', () => {
    document.cookie = `${trackingCookieName}={not json; path=/`;

    expect(readTrackingData()).toEqual({});
    visit('/?utm_source=google');
    expect(readTrackingData().source).toBe('google');
  });

  it('writes the cookie for a day on path / with the host attributes', () => {
    const setSpy = vi.spyOn(Cookies, 'set').mockReturnValue(undefined);
    const removeSpy = vi.spyOn(Cookies, 'remove').mockReturnValue(undefined);

    visit('/', 'www.yamada-shaken.com');

    expect(setSpy).toHaveBeenCalledWith(trackingCookieName, expect.any(String), {
      domain: '.yamada-shaken.com',
      secure: true,
      sameSite: 'None',
      expires: 1,
      path: '/',
    });
    // The host-only copy is cleared so it cannot shadow the domain cookie.
    expect(removeSpy).toHaveBeenCalledWith(trackingCookieName, { path: '/' });
  });

  it('writes a host-only Lax cookie on localhost', () => {
    const setSpy = vi.spyOn(Cookies, 'set');

    visit('/');

    expect(setSpy).toHaveBeenCalledWith(trackingCookieName, expect.any(String), {
      secure: false,
      sameSite: 'Lax',
      expires: 1,
      path: '/',
    });
    expect(rawCookie()).toBeDefined();
  });

  it('still works when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });

    expect(() => visit('/?utm_source=google')).not.toThrow();
    expect(readTrackingData().source).toBe('google');
    // Without storage the entry is kept for the life of the page.
    expect(visit('/term').lp_entry_url).toBe('/?utm_source=google');
  });

  it('does not throw when cookies are blocked', () => {
    vi.spyOn(Cookies, 'set').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });

    expect(visit('/?gclid=abc').gaid).toBe('abc');
  });
});

describe('readTrackingData', () => {
  it('is empty without a cookie', () => {
    expect(readTrackingData()).toEqual({});
  });

  it.each([
    ['invalid JSON', '{"source":'],
    ['an array', '[1,2]'],
    ['a number', '42'],
    ['null', 'null'],
    ['a string', '%22google%22'],
    ['a malformed escape', '%E0%A4'],
  ])('is empty for %s', (_name, value) => {
    document.cookie = `${trackingCookieName}=${value}; path=/`;

    expect(readTrackingData()).toEqual({});
  });

  it('drops unknown fields and fields of the wrong type, and cleans the rest', () => {
    Cookies.set(
      trackingCookieName,
      JSON.stringify({ source: 12, campaign: ' spring\u0007 ', evil: '<script>', gaid: null }),
    );

    expect(readTrackingData()).toEqual({ campaign: 'spring' });
  });
});

describe('fitCookieBudget', () => {
  it('shrinks the longest value first', () => {
    const data = fitCookieBudget({ source: 'a'.repeat(200), campaign: 'b'.repeat(20) }, 150);

    expect(data.campaign).toBe('b'.repeat(20));
    expect(data.source?.length).toBeLessThan(200);
    expect(data.source?.length).toBeGreaterThan(0);
  });

  it('leaves data within the budget untouched', () => {
    const input = { source: 'google', gaid: 'abc' };

    expect(fitCookieBudget(input)).toEqual(input);
  });
});

describe('cookieAttributesForHost', () => {
  it.each([
    ['localhost', { secure: false, sameSite: 'Lax' }],
    ['localhost:4173', { secure: false, sameSite: 'Lax' }],
    ['yamada-shaken.localhost', { secure: false, sameSite: 'Lax' }],
    ['yamada-shaken.localhost:4173', { secure: false, sameSite: 'Lax' }],
    ['127.0.0.1', { secure: false, sameSite: 'Lax' }],
    ['127.0.0.1:4173', { secure: false, sameSite: 'Lax' }],
    ['[::1]:4173', { secure: false, sameSite: 'Lax' }],
    ['www.carsupport.com', { domain: '.carsupport.com', secure: true, sameSite: 'None' }],
    ['WWW.CarSupport.com:443', { domain: '.carsupport.com', secure: true, sameSite: 'None' }],
    ['carsupport.com', { domain: '.carsupport.com', secure: true, sameSite: 'None' }],
    ['www.yamada-shaken.com', { domain: '.yamada-shaken.com', secure: true, sameSite: 'None' }],
    ['lp.www.yamada-shaken.com', { domain: '.yamada-shaken.com', secure: true, sameSite: 'None' }],
    ['staging.example.jp', { secure: true, sameSite: 'None' }],
    ['carsupport.com.evil.net', { secure: true, sameSite: 'None' }],
  ])('%s', (input, expected) => {
    expect(cookieAttributesForHost(input)).toEqual(expected);
  });
});

describe('attribution captured before the app loaded', () => {
  const host = 'localhost:4173';

  it('comes from the entry URL the head script kept, when the page was left before recording', () => {
    // The head script ran on /?utm_source=ad…, the visitor reloaded before the app recorded it.
    sessionStorage.setItem('lp_entry_url', '/?utm_source=ad&utm_campaign=spring&gclid=g1');
    const data = recordVisit({ host, pathname: '/', search: '' });
    expect(data).toMatchObject({
      lp_entry_url: '/?utm_source=ad&utm_campaign=spring&gclid=g1',
      source: 'ad',
      campaign: 'spring',
      gaid: 'g1',
    });
  });

  it('is applied once per session, so newer parameters are never reverted', () => {
    sessionStorage.setItem('lp_entry_url', '/?utm_source=ad');
    recordVisit({ host, pathname: '/', search: '' });
    recordVisit({ host, pathname: '/term', search: '?utm_source=mail' });
    const data = recordVisit({ host, pathname: '/', search: '' });
    expect(data.source).toBe('mail');
  });

  it('is what the head script records: the first path and query of the session', () => {
    const run = () => new Function(captureEntryScript)();
    window.history.replaceState(null, '', '/legal?utm_source=first');
    run();
    window.history.replaceState(null, '', '/term?utm_source=second');
    run();
    expect(sessionStorage.getItem('lp_entry_url')).toBe('/legal?utm_source=first');
  });
});

describe('click ids', () => {
  it('are the ids of Yahoo!広告, Google Ads on iOS, Meta, Microsoft and LINE広告', () => {
    expect(clickIdParams).toEqual(['yclid', 'wbraid', 'gbraid', 'fbclid', 'msclkid', 'ldtag_cl']);
  });

  it.each(clickIdParams)('%s is kept under its own name', (param) => {
    const data = visit(`/?${param}=${param}.Abc-123_x`);

    expect(data[param]).toBe(`${param}.Abc-123_x`);
    expect(readTrackingData()[param]).toBe(`${param}.Abc-123_x`);
  });

  it.each(clickIdParams)(
    '%s: a new value overwrites, an absent one keeps what is stored',
    (param) => {
      visit(`/?${param}=first&utm_source=ad`);
      sessionStorage.clear();
      visit(`/?${param}=second`);
      expect(readTrackingData()[param]).toBe('second');

      visit('/term?utm_source=other');
      visit(`/?${param}=`);
      expect(readTrackingData()).toMatchObject({ [param]: 'second', source: 'other' });
    },
  );

  it.each(clickIdParams)(
    '%s over the cap is dropped, never cut (a cut id is another click)',
    (param) => {
      expect(visit(`/?${param}=${'c'.repeat(trackingValueMaxLength + 1)}`)[param]).toBeUndefined();
      expect(visit(`/?${param}=${'c'.repeat(trackingValueMaxLength)}`)[param]).toBe(
        'c'.repeat(trackingValueMaxLength),
      );
    },
  );

  it.each(clickIdParams)('%s loses control, bidi and zero-width characters', (param) => {
    const data = visit(`/?${param}=%00%E2%80%AEab%E2%80%8Bc%0A%E2%81%A6%20`);

    expect(data[param]).toBe('abc');
  });

  it('takes a click id from the stored cookie as untrusted too', () => {
    Cookies.set(
      trackingCookieName,
      JSON.stringify({
        fbclid: ' fb\u202e1 ',
        msclkid: 7,
        ldtag_cl: '<img src=x onerror=alert(1)>',
      }),
    );

    // A click id is a token: markup is not one, so it is dropped on read.
    expect(readTrackingData()).toEqual({ fbclid: 'fb1' });
  });
});

describe("values outside their field's shape (a cookie tossed from another subdomain)", () => {
  const hostile = {
    gaid: '=HYPERLINK("https://evil.example","x")',
    yclid: '<img src=x onerror=alert(1)>',
    fbclid: 'IwAR 1',
    msclkid: 'abc/def',
    source: '<img src=x onerror=alert(1)>',
    inquiry_medium: '=HYPERLINK("https://evil.example","x")',
    campaign: "+cmd|' /C calc'!A0",
    term: '-2+3',
    inquiry_content: '@SUM(1)',
    lp_entry_url: 'https://evil.example/',
    estimate_generated_url: '//evil.example/',
  };

  it('drops every one of them on read and keeps the rest', () => {
    Cookies.set(
      trackingCookieName,
      JSON.stringify({ ...hostile, wbraid: 'wb-1_A.b~c', term: '車検 安い' }),
    );

    expect(readTrackingData()).toEqual({ wbraid: 'wb-1_A.b~c', term: '車検 安い' });
  });

  it('never writes them back: the next visit rewrites the cookie without them', () => {
    Cookies.set(trackingCookieName, JSON.stringify(hostile));

    visit('/?utm_source=google');

    const written = JSON.parse(decodeURIComponent(rawCookie() ?? '')) as TrackingData;
    expect(written).toEqual({
      source: 'google',
      lp_entry_url: '/?utm_source=google',
      estimate_generated_url: '/',
    });
  });

  it.each([
    ['gclid', 'Cj0KCQjw-_x', 'Cj0KCQjw-_x'],
    ['gclid', 'a b', undefined],
    ['yclid', 'YSS.1234567890.EAIaIQobChMI', 'YSS.1234567890.EAIaIQobChMI'],
    ['yclid', 'YSS.1"2', undefined],
    ['msclkid', '0123456789abcdef0123456789abcdef', '0123456789abcdef0123456789abcdef'],
    ['ldtag_cl', 'a%3Cb', undefined],
    ['fbclid', 'IwAR2x_Y-z', 'IwAR2x_Y-z'],
    ['fbclid', '車', undefined],
  ])('from the query too: %s=%s → %s', (param, value, expected) => {
    const field = queryFieldMap[param as keyof typeof queryFieldMap];
    expect(visit(`/?${param}=${encodeURIComponent(value)}`)[field]).toBe(expected);
  });

  it.each([
    ['=1+1', undefined],
    ['＝1+1', undefined],
    ['＋81', undefined],
    ['－1', undefined],
    ['＠x', undefined],
    ['\t=1+1', undefined],
    ['\r=1+1', undefined],
    [' =1', undefined],
    ['a<b', undefined],
    ['a＞b', undefined],
    ['spring-sale', 'spring-sale'],
    ['a=b', 'a=b'],
    ['車検 2026', '車検 2026'],
    ['mail@example', 'mail@example'],
  ])('a utm value %j → %j', (value, expected) => {
    expect(visit(`/?utm_campaign=${encodeURIComponent(value)}`).campaign).toBe(expected);
  });

  it.each([
    ['/', '/'],
    ['/term?utm_source=a', '/term?utm_source=a'],
    ['//evil.example/', undefined],
    ['/\\evil.example/', undefined],
    ['\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['javascript:alert(1)', undefined],
    ['evil.example/', undefined],
    ['/a//b', undefined],
    ['/<img src=x>', undefined],
    ['/a b', undefined],
  ])('lp_entry_url / estimate_generated_url %j → %j', (value, expected) => {
    Cookies.set(
      trackingCookieName,
      JSON.stringify({ lp_entry_url: value, estimate_generated_url: value }),
    );

    expect(readTrackingData()).toEqual(
      expected === undefined ? {} : { lp_entry_url: expected, estimate_generated_url: expected },
    );
  });

  it('records a path of the page itself that the field would refuse as /', () => {
    expect(recordVisit({ host, pathname: '//evil.example/x', search: '' })).toMatchObject({
      estimate_generated_url: '/',
    });
  });

  it('drops a tossed entry in sessionStorage for the current path', () => {
    sessionStorage.setItem(entryUrlStorageKey, '//evil.example/');

    expect(visit('/term').lp_entry_url).toBe('/term');
  });
});

describe('lp_entry_url', () => {
  it('keeps the path and only the attribution parameters, in the cookie and sessionStorage', () => {
    const data = visit(
      '/?email=taro%40example.com&utm_source=mail&token=s3cret&gclid=g1&fbclid=f1&x=1#top',
    );

    expect(data.lp_entry_url).toBe('/?utm_source=mail&gclid=g1&fbclid=f1');
    expect(sessionStorage.getItem(entryUrlStorageKey)).toBe('/?utm_source=mail&gclid=g1&fbclid=f1');
    expect(decodeURIComponent(rawCookie() ?? '')).not.toMatch(/email|token|s3cret|taro/);
  });

  it('keeps only the path when no attribution parameter is present', () => {
    expect(visit('/term?email=taro%40example.com&token=s3cret').lp_entry_url).toBe('/term');
  });

  it('cleans an entry an older release kept whole, in storage and in the cookie', () => {
    sessionStorage.setItem(entryUrlStorageKey, '/legal?token=s3cret&utm_source=mail');
    Cookies.set(
      trackingCookieName,
      JSON.stringify({ lp_entry_url: '/?email=a%40b.jp&gclid=g', source: 'mail' }),
    );

    expect(readTrackingData().lp_entry_url).toBe('/?gclid=g');
    expect(visit('/').lp_entry_url).toBe('/legal?utm_source=mail');
    expect(sessionStorage.getItem(entryUrlStorageKey)).toBe('/legal?utm_source=mail');
  });

  it.each([
    ['/', '/'],
    ['/?utm_source=a', '/?utm_source=a'],
    ['/?UTM_SOURCE=a&utm_id=1&gclid=', '/?gclid='],
    ['/?utm_term=%E8%BB%8A%E6%A4%9C&token=1', '/?utm_term=%E8%BB%8A%E6%A4%9C'],
    [
      '/p?a=1&yclid=y&wbraid=w&gbraid=g&msclkid=m&ldtag_cl=l',
      '/p?yclid=y&wbraid=w&gbraid=g&msclkid=m&ldtag_cl=l',
    ],
    ['/?utm_source=a#utm_medium=b', '/?utm_source=a'],
  ])('keepAttributionParams(%s) = %s', (input, expected) => {
    expect(keepAttributionParams(input)).toBe(expected);
  });

  it('is what the head script keeps too', () => {
    const entry = '/?email=taro%40example.com&utm_campaign=spring&token=t&msclkid=m1';
    window.history.replaceState(null, '', entry);
    new Function(captureEntryScript)();

    expect(sessionStorage.getItem(entryUrlStorageKey)).toBe(keepAttributionParams(entry));
    expect(sessionStorage.getItem(entryUrlStorageKey)).toBe('/?utm_campaign=spring&msclkid=m1');
  });
});

describe('the cookie with every field at its cap', () => {
  function encodedCookie(data: TrackingData): string {
    return `${trackingCookieName}=${Cookies.converter.write(JSON.stringify(data), trackingCookieName)}`;
  }

  it('fits under 4 KB untouched when the values are ASCII', () => {
    const full = Object.fromEntries(
      trackingKeys.map((key) => [key, 'a'.repeat(trackingMaxLength(key))]),
    ) as TrackingData;

    const fitted = fitCookieBudget(full);

    expect(fitted).toEqual(full);
    expect(encodedCookie(fitted).length).toBeLessThanOrEqual(maxCookieBytes);
    expect(maxCookieBytes).toBeLessThan(4096);
  });

  it('is written under 4 KB, every field kept, when a visit brings every value at its cap', () => {
    const setSpy = vi.spyOn(Cookies, 'set');
    // Campaign values in multi-byte text; click ids are tokens of URL-safe ASCII.
    const query = Object.entries(queryFieldMap)
      .map(([param, field]) => {
        const char = (clickIdParams as readonly string[]).includes(field) || field === 'gaid';
        return `${param}=${(char ? 'c' : '車').repeat(trackingValueMaxLength)}`;
      })
      .join('&');

    const data = visit(`/${'p'.repeat(trackingUrlMaxLength)}?${query}`);

    const written = setSpy.mock.calls.at(-1)?.[1] as string;
    expect(encodedCookie(JSON.parse(written) as TrackingData).length).toBeLessThanOrEqual(
      maxCookieBytes,
    );
    expect(Object.keys(data).sort()).toEqual([...trackingKeys].sort());
    expect(readTrackingData()).toEqual(data);
  });
});
