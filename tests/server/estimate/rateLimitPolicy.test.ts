// Who counts as one client of the new-lead rate limit (server/estimate/rateLimitPolicy.ts).
import { rateLimitKey } from '../../../server/estimate/rateLimitPolicy';

describe('rateLimitKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(rateLimitKey('203.0.113.5')).toBe('203.0.113.5');
  });

  it('counts every address of one IPv6 /64 as one client, however it is written', () => {
    const key = '2001:db8:0:7::/64';
    for (const address of [
      '2001:db8:0:7::1',
      '2001:0DB8:0000:0007:ffff:ffff:ffff:fffe',
      '2001:db8::7:1:2:3:4',
      '2001:db8:0:7:0:0:192.0.2.1',
      '2001:db8:0:7::1%eth0',
    ]) {
      expect(rateLimitKey(address), address).toBe(key);
    }
    expect(rateLimitKey('2001:db8:0:8::1')).not.toBe(key);
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address (a dual-stack socket) as its IPv4 address', () => {
    expect(rateLimitKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(rateLimitKey('::ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('keeps what is not an address as it came (each counted on its own)', () => {
    for (const text of ['unknown', '', '1::2::3', '2001:db8::g', '::ffff:300.1.1.1']) {
      expect(rateLimitKey(text)).toBe(text);
    }
  });
});
