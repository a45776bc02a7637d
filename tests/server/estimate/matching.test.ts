// What the ad platforms' matching needs from a request (issue 29, part 1), cleaned like tracking
// values. What the app keeps with a lead at submit: newLeads.d1.test.ts.
import { matchingData } from '../../../src/tracking/matchingFields';

const site = 'https://www.yamada-shaken.com';

describe('matchingData', () => {
  const base = {
    cookieHeader: null,
    userAgent: null,
    clientAddress: '',
    siteOrigin: site,
    formPath: undefined,
    privacyPolicyVersion: '2026-11-25',
  };

  it('refuses hostile values and drops over-long ones, never cut, as for click ids', () => {
    const data = matchingData({
      ...base,
      cookieHeader: `_fbp=a b; _fbc=${'x'.repeat(500)}; _ly_r="quoted"`,
      userAgent: '<img src=x onerror=alert(1)>',
      clientAddress: 'unknown',
      formPath: '//evil.example/',
      privacyPolicyVersion: 'latest',
    });
    expect(data).toEqual({ cookies: {}, eventSourceUrl: `${site}/` });
  });

  it('takes the first of a repeated cookie and an IPv6 address', () => {
    const data = matchingData({
      ...base,
      cookieHeader: '_fbp=fb.1.1.first; _fbp=fb.1.1.second',
      clientAddress: '2001:db8::1',
    });
    expect(data.cookies._fbp).toBe('fb.1.1.first');
    expect(data.clientAddress).toBe('2001:db8::1');
  });
});
