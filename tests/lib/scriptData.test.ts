import { serializeForScript } from '../../src/lib/scriptData';

describe('serializeForScript', () => {
  it('cannot close the script element it is written into', () => {
    const text = serializeForScript({ q: '</script><script>alert(1)</script>', amp: '&' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ q: '</script><script>alert(1)</script>', amp: '&' });
  });

  it('keeps line separators valid', () => {
    const text = serializeForScript({ s: 'a\u2028b\u2029c' });
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({ s: 'a\u2028b\u2029c' });
  });
});
