// A shop's calendar rules (server/booking/schedule.ts) and the nearest shops' order
// (server/booking/nearest.ts), each with the clock or the postal data a test gives it.
import { prefectureOf } from '../../../server/booking/nearest';
import { newBookingToken } from '../../../server/booking/hold';
import {
  changeDeadline,
  checkSlot,
  firstBookableDay,
  isOpenDay,
  slotsOn,
} from '../../../server/booking/schedule';
import { shopOf } from '../../../src/content/companies';
import type { Shop } from '../../../src/content/shops';

const shibuya = shopOf('carsupport', 'shibuya')!;
const takasaki = shopOf('yamada', 'takasaki')!;
// 2026-11-20 (Fri) 23:30 in Japan.
const lateFriday = new Date('2026-11-20T14:30:00.000Z');

describe('a shop’s calendar', () => {
  it('opens on its weekdays, shuts on its closed ones and, where it says so, on national holidays', () => {
    expect(isOpenDay(shibuya, '2026-11-24')).toBe(true);
    expect(isOpenDay(shibuya, '2026-11-25')).toBe(false);
    expect(isOpenDay(shibuya, '2026-11-23')).toBe(false);
    // 2027-01-11 is 成人の日 (the second Monday), from the holiday library, not a list of ours.
    expect(isOpenDay(shibuya, '2027-01-11')).toBe(false);
    expect(isOpenDay(takasaki, '2026-11-23')).toBe(true);
  });

  it('offers the slot times inside each day’s hours', () => {
    const short: Shop = { ...shibuya, hours: { 6: { open: '9:00', close: '15:00' } } };
    expect(slotsOn(short, '2026-11-21')).toEqual([
      '2026-11-21T09:30:00+09:00',
      '2026-11-21T11:00:00+09:00',
      '2026-11-21T13:30:00+09:00',
    ]);
  });

  it('books from `leadDays` after today in Japan, whatever the hour', () => {
    expect(firstBookableDay(shibuya, lateFriday)).toBe('2026-11-22');
    expect(firstBookableDay(shibuya, new Date('2026-11-20T15:30:00.000Z'))).toBe('2026-11-23');
    expect(checkSlot(shibuya, '2026-11-24T09:30:00+09:00', lateFriday)).toBe('ok');
    expect(checkSlot(shibuya, '2026-11-21T09:30:00+09:00', lateFriday)).toBe('tooSoon');
    expect(checkSlot(shibuya, '2026-11-24T09:45:00+09:00', lateFriday)).toBe('unknown');
    expect(checkSlot(shibuya, '2026-11-24T09:30:00Z', lateFriday)).toBe('unknown');
  });

  it('closes the visitor’s own changes at the cut-off, the day before at 18:00', () => {
    expect(changeDeadline(shibuya, '2026-11-24T09:30:00+09:00').toISOString()).toBe(
      '2026-11-23T09:00:00.000Z',
    );
  });
});

describe('the nearest shops and the manage token', () => {
  it('reads the prefecture of an area, 京都府 and 北海道 included', () => {
    expect(prefectureOf('東京都渋谷区')).toBe('東京都');
    expect(prefectureOf('京都府京都市北区')).toBe('京都府');
    expect(prefectureOf('神奈川県横浜市西区')).toBe('神奈川県');
    expect(prefectureOf('北海道札幌市中央区')).toBe('北海道');
    expect(prefectureOf('')).toBe('');
  });

  it('makes a token of 256 random bits, URL-safe, never the same twice', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newBookingToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
