import {
  isRealDate,
  monthsBetween,
  tokyoDateTime,
  tokyoHhmm,
  tokyoOffset,
  tokyoToday,
  tokyoYear,
  tokyoYearMonth,
} from '../../src/lib/tokyoTime';

describe('tokyoHhmm', () => {
  it('reads the time in Tokyo whatever the instant’s UTC time', () => {
    expect(tokyoHhmm(new Date('2025-06-02T00:05:00Z'))).toBe(905);
    expect(tokyoHhmm(new Date('2025-06-02T15:00:00Z'))).toBe(0);
    expect(tokyoHhmm(new Date('2025-06-02T14:59:00Z'))).toBe(2359);
  });

  it('agrees with the fixed offset, which Japan never changes for summer', () => {
    for (const month of ['01', '07']) {
      expect(tokyoHhmm(new Date(`2025-${month}-15T08:30:00${tokyoOffset}`))).toBe(830);
    }
  });
});

describe('isRealDate', () => {
  it.each([
    [2024, 2, 29, true],
    [2025, 2, 29, false],
    [2025, 4, 31, false],
    [2025, 12, 31, true],
    [2025, 13, 1, false],
    [2025, 1, 0, false],
  ])('%i-%i-%i is %s', (year, month, day, expected) => {
    expect(isRealDate(year, month, day)).toBe(expected);
  });
});

describe('tokyoToday, tokyoYearMonth and tokyoYear', () => {
  it('read the date in Tokyo, nine hours ahead of UTC, across a year end', () => {
    const newYearInTokyo = new Date('2025-12-31T15:30:00Z');
    expect(tokyoToday(newYearInTokyo)).toBe('2026-01-01');
    expect(tokyoYearMonth(newYearInTokyo)).toEqual({ year: 2026, month: 1 });
    expect(tokyoYear(newYearInTokyo)).toBe(2026);
    expect(tokyoToday(new Date('2025-12-31T14:59:00Z'))).toBe('2025-12-31');
  });
});

describe('monthsBetween', () => {
  it('counts months across years, negative when the end is earlier', () => {
    expect(monthsBetween({ year: 2024, month: 11 }, { year: 2026, month: 2 })).toBe(15);
    expect(monthsBetween({ year: 2026, month: 2 }, { year: 2024, month: 11 })).toBe(-15);
  });
});

describe('tokyoDateTime', () => {
  it('writes an instant as Tokyo’s wall clock, across the date line of UTC', () => {
    expect(tokyoDateTime(new Date('2026-11-24T15:30:05.123Z'))).toBe('2026-11-25 00:30:05');
    expect(tokyoDateTime(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01 09:00:00');
  });
});
