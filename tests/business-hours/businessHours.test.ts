import {
  isOutsideBusinessHours,
  parseHoursValue,
  plausibleHours,
  shopHours,
} from '../../src/business-hours/businessHours';

/** A Date at the given wall-clock time in Tokyo (UTC+9, no daylight saving). */
function tokyo(time: string, date = '2025-06-02'): Date {
  return new Date(`${date}T${time}:00+09:00`);
}

describe('parseHoursValue', () => {
  it.each([
    ['9:00', '9:00'],
    ['09:00', '9:00'],
    ['9:00:00', '9:00'],
    [' 9:00 ', '9:00'],
    ['19:30', '19:30'],
    ['0:00', '0:00'],
    ['23:59:59', '23:59'],
  ])('accepts %j as %j', (input, expected) => {
    expect(parseHoursValue(input)).toBe(expected);
  });

  it.each([
    ['25:00'],
    ['24:00'],
    ['9:60'],
    ['9:00:60'],
    ['9:0'],
    ['900'],
    ['9'],
    [''],
    ['   '],
    ['nine'],
    ['9:00am'],
    ['-1:00'],
    ['9:00;'],
    [null],
    [undefined],
    [900],
    [9],
    [-1],
    [Number.NaN],
    [{ hour: 9 }],
    [['9:00']],
  ])('rejects %j', (input) => {
    expect(parseHoursValue(input)).toBeNull();
  });
});

describe('isOutsideBusinessHours', () => {
  it.each([
    ['8:59', true],
    ['9:00', false],
    ['9:01', false],
    ['12:00', false],
    ['18:59', false],
    ['19:00', false],
    ['19:01', true],
    ['23:59', true],
    ['00:00', true],
    ['00:01', true],
  ])('at %s in Tokyo with hours 9:00–19:00 → %s', (time, expected) => {
    const [h = '', m = ''] = time.split(':');
    expect(isOutsideBusinessHours(tokyo(`${h.padStart(2, '0')}:${m}`), '9:00', '19:00')).toBe(
      expected,
    );
  });

  it('treats a 0:00 start as including midnight', () => {
    expect(isOutsideBusinessHours(tokyo('00:00'), '0:00', '19:00')).toBe(false);
  });

  it('is false while the hours are not loaded', () => {
    const night = tokyo('03:00');

    expect(isOutsideBusinessHours(night, null, '19:00')).toBe(false);
    expect(isOutsideBusinessHours(night, '9:00', null)).toBe(false);
    expect(isOutsideBusinessHours(night, null, null)).toBe(false);
  });

  it('is false when a stored value is malformed', () => {
    expect(isOutsideBusinessHours(tokyo('03:00'), 'garbage', '19:00')).toBe(false);
    expect(isOutsideBusinessHours(tokyo('03:00'), '9:00', '25:00')).toBe(false);
  });

  it('accepts unnormalised values', () => {
    expect(isOutsideBusinessHours(tokyo('08:59'), '09:00:00', ' 19:00 ')).toBe(true);
  });

  it('uses Tokyo time, not the visitor’s clock', () => {
    // 10:00 in Tokyo is 01:00 UTC and 21:00 the previous day in New York.
    expect(isOutsideBusinessHours(new Date('2025-06-02T01:00:00Z'), '9:00', '19:00')).toBe(false);
    // 20:00 in Tokyo is 11:00 UTC.
    expect(isOutsideBusinessHours(new Date('2025-06-02T11:00:00Z'), '9:00', '19:00')).toBe(true);
  });

  it.each([
    ['23:59', '0:00'],
    ['0:00', '0:00'],
    ['19:00', '9:00'],
    ['9:00', '9:00:30'],
  ])('is false at any hour for hours that cannot be real (%s–%s)', (start, end) => {
    for (const time of ['00:00', '03:00', '12:00', '23:59']) {
      expect(isOutsideBusinessHours(tokyo(time), start, end)).toBe(false);
    }
  });

  it('is false for an invalid date', () => {
    expect(isOutsideBusinessHours(new Date(Number.NaN), '9:00', '19:00')).toBe(false);
  });
});

describe('plausibleHours', () => {
  it.each([
    ['9:00', '19:00', { start: '9:00', end: '19:00' }],
    ['09:00:00', '19:00:00', { start: '9:00', end: '19:00' }],
    ['0:00', '23:59', { start: '0:00', end: '23:59' }],
    ['23:58', '23:59', { start: '23:58', end: '23:59' }],
  ])('keeps %j–%j as %j', (start, end, expected) => {
    expect(plausibleHours(start, end)).toEqual(expected);
  });

  it.each([
    ['23:59', '0:00'],
    ['0:00', '0:00'],
    ['19:00', '9:00'],
    ['9:00', '9:00:59'],
    ['9:00', '25:00'],
    [undefined, '19:00'],
    ['9:00', null],
    [900, 1900],
  ])('refuses %j–%j', (start, end) => {
    expect(plausibleHours(start, end)).toBeNull();
  });
});

describe('shopHours', () => {
  it.each([
    ['9:00', '19:00'],
    ['0:00', '23:59'],
    ['8:00', '12:00'],
    ['12:00', '16:00'],
  ])('keeps %s–%s, a shop’s day', (start, end) => {
    expect(shopHours(start, end)).toEqual({ start, end });
  });

  // The four pairs a neighbour subdomain was seen to write: each would hide the cta all day.
  it.each([
    ['0:00', '0:01'],
    ['23:58', '23:59'],
    ['12:01', '23:59'],
    ['0:00', '11:59'],
    ['10:00', '13:59'],
    ['23:59', '0:00'],
  ])('refuses %s–%s, hours no shop keeps', (start, end) => {
    expect(shopHours(start, end)).toBeNull();
  });
});
