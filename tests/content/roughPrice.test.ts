import { landing as carsupport } from '../../src/content/carsupport/landing';
import { landing as yamada } from '../../src/content/yamada/landing';
import {
  legalFeeRates,
  vehicleClassIds,
  withBrandPrices,
  type VehicleClassId,
  type WeightTaxAgeBand,
} from '../../src/content/legalFees';
import { priceRows, totalPrice } from '../../src/content/priceRows';
import { nextExpiry, roughPrice, weightTaxAgeBand } from '../../src/content/roughPrice';
import type { VehicleClassCost } from '../../src/content/types';

/** 重量税, 2 years, エコカー外, as checked on 2026-11-22 (see src/content/legalFees.ts). */
const expectedWeightTax: Record<VehicleClassId, Record<WeightTaxAgeBand, number>> = {
  kei: { standard: 6600, over13: 8200, over18: 8800 },
  'upto-1000kg': { standard: 16400, over13: 22800, over18: 25200 },
  'upto-1500kg': { standard: 24600, over13: 34200, over18: 37800 },
  'upto-2000kg': { standard: 32800, over13: 45600, over18: 50400 },
  'upto-2500kg': { standard: 41000, over13: 57000, over18: 63000 },
};

/** A JST wall-clock time as the instant it is (Japan has no daylight saving time). */
function tokyo(isoLocal: string): Date {
  return new Date(`${isoLocal}+09:00`);
}

const brands = [carsupport, yamada];

describe('rates table', () => {
  it('holds the checked 重量税 of every class and age band', () => {
    for (const id of vehicleClassIds) {
      expect(legalFeeRates.classes[id].weightTax).toEqual(expectedWeightTax[id]);
    }
  });

  it('has 自賠責 24 months and 印紙代 as checked', () => {
    expect(legalFeeRates.classes.kei.liabilityInsurance).toBe(17540);
    for (const id of vehicleClassIds.filter((id) => id !== 'kei')) {
      expect(legalFeeRates.classes[id].liabilityInsurance).toBe(17650);
    }
    expect(legalFeeRates.stampFee).toBe(1600);
  });

  it('has rates for exactly the one list of classes, rising with age and with weight', () => {
    expect(Object.keys(legalFeeRates.classes)).toEqual([...vehicleClassIds]);
    let previous = 0;
    for (const id of vehicleClassIds) {
      const { standard, over13, over18 } = legalFeeRates.classes[id].weightTax;
      expect(standard).toBeLessThan(over13);
      expect(over13).toBeLessThan(over18);
      expect(standard).toBeGreaterThan(previous);
      previous = standard;
      for (const amount of [
        standard,
        over13,
        over18,
        legalFeeRates.classes[id].liabilityInsurance,
      ]) {
        expect(Number.isInteger(amount) && amount > 0).toBe(true);
      }
    }
  });

  it("gives both brands' fixed examples every class, in the list's order, at the under-13 rate", () => {
    for (const landing of brands) {
      const classes = landing.example.classes;
      expect(classes.map((cost) => cost.id)).toEqual([...vehicleClassIds]);
      for (const cost of classes) {
        expect(cost.weightTax).toBe(expectedWeightTax[cost.id].standard);
        expect(cost.basicFee).toBeGreaterThan(cost.discount);
      }
    }
  });
});

describe('weightTaxAgeBand', () => {
  const registered = { year: 2013, month: 5 };

  it('rises in the month in which 13 years have passed (the month before the anniversary)', () => {
    expect(weightTaxAgeBand(registered, { year: 2026, month: 3 })).toBe('standard');
    expect(weightTaxAgeBand(registered, { year: 2026, month: 4 })).toBe('over13');
    expect(weightTaxAgeBand(registered, { year: 2026, month: 5 })).toBe('over13');
  });

  it('rises again in the month in which 18 years have passed', () => {
    expect(weightTaxAgeBand(registered, { year: 2031, month: 3 })).toBe('over13');
    expect(weightTaxAgeBand(registered, { year: 2031, month: 4 })).toBe('over18');
  });
});

describe('nextExpiry', () => {
  const registered = { year: 2013, month: 5 };

  it('is three years after first registration, then every two years, in the same month', () => {
    expect(nextExpiry(registered, { year: 2013, month: 5 })).toEqual({ year: 2016, month: 5 });
    expect(nextExpiry(registered, { year: 2016, month: 5 })).toEqual({ year: 2016, month: 5 });
    expect(nextExpiry(registered, { year: 2016, month: 6 })).toEqual({ year: 2018, month: 5 });
    expect(nextExpiry(registered, { year: 2026, month: 5 })).toEqual({ year: 2026, month: 5 });
    expect(nextExpiry(registered, { year: 2026, month: 6 })).toEqual({ year: 2028, month: 5 });
  });
});

describe('roughPrice', () => {
  const cost = carsupport.example.classes.find((c) => c.id === 'upto-1500kg') as VehicleClassCost;

  it('is the fixed example (under 13 years, no expiry) when first registration is unknown', () => {
    const price = roughPrice(cost, undefined, tokyo('2026-11-22T12:00:00'));
    expect(price.band).toBe('standard');
    expect(price.expiry).toBeUndefined();
    expect(price.total).toBe(totalPrice(cost));
  });

  it('crosses the 13-year edge at midnight in Tokyo, at the expiry it falls on', () => {
    // First registered 2015-05: on 5/31 the next expiry is 2026-05 (11 years), from 6/1 it is
    // 2028-05 (13 years).
    const registered = { year: 2015, month: 5 };
    const before = roughPrice(cost, registered, tokyo('2026-05-31T23:59:59'));
    const after = roughPrice(cost, registered, tokyo('2026-06-01T00:00:00'));
    expect([before.expiry, before.band, before.weightTax]).toEqual([
      { year: 2026, month: 5 },
      'standard',
      24600,
    ]);
    expect([after.expiry, after.band, after.weightTax]).toEqual([
      { year: 2028, month: 5 },
      'over13',
      34200,
    ]);
  });

  it('crosses the 18-year edge at midnight in Tokyo, at the expiry it falls on', () => {
    // First registered 2009-05: 2026-05 is 17 years (13-year rate), 2028-05 is 19 years.
    const registered = { year: 2009, month: 5 };
    const before = roughPrice(cost, registered, tokyo('2026-05-31T23:59:59'));
    const after = roughPrice(cost, registered, tokyo('2026-06-01T00:00:00'));
    expect([before.band, before.weightTax]).toEqual(['over13', 34200]);
    expect([after.band, after.weightTax]).toEqual(['over18', 37800]);
  });

  it("counts in Japan's time, not the visitor's or UTC", () => {
    // 2026-05-31T20:00Z is still May in UTC but already June 1 in Tokyo.
    const price = roughPrice(cost, { year: 2015, month: 5 }, new Date('2026-05-31T20:00:00Z'));
    expect(price.expiry).toEqual({ year: 2028, month: 5 });
  });

  it('adds up to its parts for every class and age band of both brands', () => {
    const cases: [{ year: number; month: number } | undefined, WeightTaxAgeBand][] = [
      [undefined, 'standard'],
      [{ year: 2020, month: 1 }, 'standard'],
      [{ year: 2013, month: 12 }, 'over13'],
      [{ year: 2000, month: 12 }, 'over18'],
    ];
    const now = tokyo('2026-11-22T12:00:00');
    for (const landing of brands) {
      for (const classCost of landing.example.classes) {
        for (const [registered, band] of cases) {
          const price = roughPrice(classCost, registered, now);
          expect(price.band).toBe(band);
          expect(price.vehicleClass).toBe(classCost.id);
          expect(price.weightTax).toBe(expectedWeightTax[classCost.id][band]);
          expect(price.total).toBe(
            price.weightTax +
              price.liabilityInsurance +
              price.stampFee +
              price.basicFee -
              price.discount,
          );
          const rows = priceRows(price, landing.example.discountLabel);
          expect(rows.at(-1)?.text).toContain(price.total.toLocaleString('ja-JP'));
        }
      }
    }
  });

  it('labels the 重量税 with the age band it used', () => {
    const old = roughPrice(cost, { year: 2000, month: 1 }, tokyo('2026-11-22T12:00:00'));
    expect(priceRows(old, '割引')[0]?.detail).toContain('重量税（18年経過） 37,800円');
    expect(priceRows(withBrandPrices([1], 0)[0] as VehicleClassCost, '割引')[0]?.detail).toContain(
      '重量税（13年未満） 6,600円',
    );
  });
});
