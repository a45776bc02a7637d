import { describe, expect, it } from 'vitest';
import { displayPhone, japaneseDateTime } from '../../src/lib/serverFormats';
import { displayPostalCode, japaneseDate, yen } from '../../src/lib/peopleFormats';
import { japaneseDay } from '../../src/lib/plainFormats';

describe('people formats', () => {
  it('writes a day with its weekday, a month alone, and leaves anything else as it came', () => {
    expect(japaneseDate('2027-01-20')).toBe('2027年1月20日（水）');
    expect(japaneseDate('2026-12-06')).toBe('2026年12月6日（日）');
    expect(japaneseDate('2027-02')).toBe('2027年2月');
    expect(japaneseDate('2027-2-3')).toBe('2027年2月3日（水）');
    expect(japaneseDay('2026-03-31')).toBe('2026年3月31日');
    for (const odd of ['2027-02-30', '2027-13', 'そのうち', ''])
      expect(japaneseDate(odd)).toBe(odd);
  });

  it("writes an instant on Japan's clock, whatever the server's", () => {
    expect(japaneseDateTime('2026-12-31T15:05:00Z')).toBe('2027年1月1日（金）0:05');
    expect(japaneseDateTime('not a date')).toBe('');
  });

  it("splits a phone number by Japan's numbering plan, any width", () => {
    expect(displayPhone('09012345678')).toBe('090-1234-5678');
    expect(displayPhone('０９０１２３４５６７８')).toBe('090-1234-5678');
    expect(displayPhone('0312345678')).toBe('03-1234-5678');
    expect(displayPhone('0166123456')).toBe('0166-12-3456');
    expect(displayPhone('0120104631')).toBe('0120-104-631');
    expect(displayPhone('12345')).toBe('12345');
  });

  it('writes postal codes with 〒 and yen with separators', () => {
    expect(displayPostalCode('1500001')).toBe('〒150-0001');
    expect(displayPostalCode('１５０－０００１')).toBe('〒150-0001');
    expect(displayPostalCode('15000')).toBe('15000');
    expect(yen(54321)).toBe('54,321円');
  });
});
