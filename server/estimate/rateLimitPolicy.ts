/** The new-lead limit; README.md and docs/deploy.md state it in these words. */
import type { BrandId } from '../../src/brand/brands';

// Generous: Japanese carriers put many phones behind one IPv4 address (carrier-grade NAT) and a
// shop gets a handful of leads a day. Only new leads count, not replays or refusals.
export const newLeadRateLimit = { limit: 20, windowSeconds: 10 * 60 } as const;

function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes its two groups.
  const v4 = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const bytes = v4.slice(2).map(Number);
    if (bytes.some((byte) => byte > 255)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${v4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (half: string | undefined) => (half ? half.split(':') : []);
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

export function newLeadRateLimitKey(brand: BrandId, address: string): string {
  return `${brand} ${rateLimitKey(address)}`;
}

// One client: an IPv4 address, or an IPv6 /64 (a phone or home router picks any address in its /64
// at will); an IPv4-mapped address (as a dual-stack socket reports it) is its IPv4 address.
/** The client a limit counts: the new-lead limit and the staff sign-in's (signInGuard.ts). */
export function rateLimitKey(address: string): string {
  const unzoned = address.replace(/%.*$/, '');
  const groups = unzoned.includes(':') ? ipv6Groups(unzoned) : null;
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
