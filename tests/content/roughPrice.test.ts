import { landing as carsupport } from '../../src/content/carsupport/landing';
import { landing as yamada } from '../../src/content/yamada/landing';
import {
  legalFeeRates,
  legalFeesAsOf,
  legalFeesOn,
  rowInForce,
  vehicleClassIds,
  withBrandPrices,
  type LegalFeeRates,
  type VehicleClassId,
  type WeightTaxAgeBand,
} from '../../src/content/legalFees';
import { legalFeeNotes, priceRows, totalPrice } from '../../src/content/priceRows';
import { nextExpiry, roughPrice, weightTaxAgeBand } from '../../src/content/roughPrice';
import type { VehicleClassCost } from '../../src/content/legalFees';
import { japaneseDay } from '../../src/lib/plainFormats';

/**
 * 重量税, 2 years, エコカー減税なし, as checked on 2026-11-24: 登録車 8,200 / 11,400 / 12,600 per
 * started 0.5 t, 軽 6,600 / 8,200 / 8,800 (租税特別措置法 第90条の11の3; the rate tables listed in
 * docs/decisions/004-rough-price.md).
 */
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

function month(year: number, monthOfYear: number) {
  return { year, month: monthOfYear };
}

const brands = [carsupport, yamada];

function classCost(id: VehicleClassId): VehicleClassCost {
  const cost = carsupport.example.classes.find((each) => each.id === id);
  if (!cost) throw new Error(`no class ${id}`);
  return cost;
}

describe('rate rows', () => {
  it('hold the checked 重量税 of every class and age band', () => {
    for (const id of vehicleClassIds) {
      for (const band of ['standard', 'over13', 'over18'] as const) {
        expect(legalFeesOn(id, band, '2026-11-24').weightTax, `${id} ${band}`).toBe(
          expectedWeightTax[id][band],
        );
      }
    }
  });

  it('hold 自賠責 (本土, 24 months) and 印紙代 (指定工場) by class as checked', () => {
    // 自賠責: 17,650 / 軽 17,540 from 2023-04-01 (第146回自賠責保険審議会, 2023-01-20).
    // 印紙代: 登録車 OSS 1,600, 軽 1,800 (手数料令, in force 2023-01-01).
    expect(legalFeesOn('kei', 'standard', '2026-11-24')).toMatchObject({
      liabilityInsurance: 17540,
      stampFee: 1800,
    });
    for (const id of vehicleClassIds.filter((each) => each !== 'kei')) {
      expect(legalFeesOn(id, 'standard', '2026-11-24')).toMatchObject({
        liabilityInsurance: 17650,
        stampFee: 1600,
      });
    }
  });

  it('are sorted by validFrom, each a real date, so the row in force is well defined', () => {
    const tables = [
      legalFeeRates.weightTax,
      legalFeeRates.liabilityInsurance,
      legalFeeRates.stampFee,
    ];
    for (const rows of tables) {
      expect(rows.length).toBeGreaterThan(0);
      const dates = rows.map((row) => row.validFrom);
      expect(dates).toEqual([...dates].sort());
      for (const date of dates) {
        expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      }
    }
  });

  it('pick the row in force on a date: from its validFrom, until the next one', () => {
    const rows = [
      { validFrom: '2021-04-01', amount: 1 },
      { validFrom: '2023-04-01', amount: 2 },
    ];
    expect(rowInForce(rows, '2023-03-31').amount).toBe(1);
    expect(rowInForce(rows, '2023-04-01').amount).toBe(2);
    expect(rowInForce(rows, '2030-01-01').amount).toBe(2);
    // Before the first row: the first (no expiry the page computes is that old).
    expect(rowInForce(rows, '2000-01-01').amount).toBe(1);
    expect(() => rowInForce([], '2026-01-01')).toThrow();
  });

  it('do not claim a date later than the checks', () => {
    expect(legalFeesAsOf <= '2026-11-24').toBe(true);
    // Every row is in force by the as-of date: a row announced for later is not "confirmed as of".
    for (const rows of [
      legalFeeRates.weightTax,
      legalFeeRates.liabilityInsurance,
      legalFeeRates.stampFee,
    ]) {
      expect((rows.at(-1)?.validFrom ?? '') <= legalFeesAsOf).toBe(true);
    }
  });

  it("gives both brands' fixed examples every class, in the list's order, at the under-13 rate", () => {
    for (const landing of brands) {
      const classes = landing.example.classes;
      expect(classes.map((cost) => cost.id)).toEqual([...vehicleClassIds]);
      for (const cost of classes) {
        expect(cost.weightTax).toBe(expectedWeightTax[cost.id].standard);
        expect(cost.stampFee).toBe(cost.id === 'kei' ? 1800 : 1600);
        expect(cost.basicFee).toBeGreaterThan(cost.discount);
      }
      expect(landing.example.feesAsOf).toBe(legalFeesAsOf);
    }
  });
});

describe('weightTaxAgeBand at every 13- and 18-year edge', () => {
  // 登録車: 租税特別措置法 第90条の11の3 第2項: from the first day of the month in which 13 (18)
  // years pass counting the month of first registration as the first: registered 2013-05, the
  // 156th month is 2026-04, the 216th 2031-04.
  // 軽: counted by year from the 初度検査 year, from November of the 13th (18th) year after it
  // (軽自動車検査協会's notice of the 2025-08 change, as reported by a shop; decision 004).
  const cases: [VehicleClassId, { year: number; month: number }, WeightTaxAgeBand, number][] = [
    ['upto-1500kg', month(2026, 3), 'standard', 24600], // month before the 13-year month
    ['upto-1500kg', month(2026, 4), 'over13', 34200], // the 13-year month (12 years 11 months)
    ['upto-1500kg', month(2026, 5), 'over13', 34200], // month after (the 13th anniversary)
    ['upto-1500kg', month(2031, 3), 'over13', 34200], // month before the 18-year month
    ['upto-1500kg', month(2031, 4), 'over18', 37800], // the 18-year month
    ['upto-1500kg', month(2031, 5), 'over18', 37800], // month after
    ['kei', month(2026, 10), 'standard', 6600], // month before November of 2013 + 13
    ['kei', month(2026, 11), 'over13', 8200], // November of the 13th year after 2013
    ['kei', month(2026, 12), 'over13', 8200], // month after
    ['kei', month(2031, 10), 'over13', 8200], // month before November of 2013 + 18
    ['kei', month(2031, 11), 'over18', 8800], // November of the 18th year after 2013
    ['kei', month(2031, 12), 'over18', 8800], // month after
  ];

  it.each(cases)('%s first registered 2013-05, inspected %o: %s, %i yen', (id, at, band, tax) => {
    expect(weightTaxAgeBand(id, month(2013, 5), at)).toBe(band);
    const date = `${at.year}-${String(at.month).padStart(2, '0')}-01`;
    expect(legalFeesOn(id, band, date).weightTax).toBe(tax);
  });

  it('counts 軽 by the year of 初度検査 alone: January and December of one year rise together', () => {
    expect(weightTaxAgeBand('kei', month(2013, 1), month(2026, 11))).toBe('over13');
    expect(weightTaxAgeBand('kei', month(2013, 12), month(2026, 11))).toBe('over13');
    expect(weightTaxAgeBand('kei', month(2013, 12), month(2026, 10))).toBe('standard');
    // The 登録車 rule counts months instead: registered 2013-01, 13 years from 2025-12.
    expect(weightTaxAgeBand('upto-1000kg', month(2013, 1), month(2025, 12))).toBe('over13');
  });
});

describe('nextExpiry', () => {
  const registered = month(2013, 5);

  it('is three years after first registration, then every two years, in the same month', () => {
    expect(nextExpiry(registered, month(2013, 5))).toEqual(month(2016, 5));
    expect(nextExpiry(registered, month(2016, 5))).toEqual(month(2016, 5));
    expect(nextExpiry(registered, month(2016, 6))).toEqual(month(2018, 5));
    expect(nextExpiry(registered, month(2026, 5))).toEqual(month(2026, 5));
    expect(nextExpiry(registered, month(2026, 6))).toEqual(month(2028, 5));
  });
});

describe('roughPrice', () => {
  const cost = classCost('upto-1500kg');
  const kei = classCost('kei');

  it('is the fixed example (under 13 years, no expiry) when first registration is unknown', () => {
    const price = roughPrice(cost, undefined, tokyo('2026-11-24T12:00:00'));
    expect(price.band).toBe('standard');
    expect(price.expiry).toBeUndefined();
    expect(price.total).toBe(totalPrice(cost));
  });

  it('charges a 軽 first inspected 2013-05 and expiring 2026-05 the under-13 rate', () => {
    const price = roughPrice(kei, month(2013, 5), tokyo('2026-05-10T12:00:00'));
    expect(price.expiry).toEqual(month(2026, 5));
    expect([price.band, price.weightTax]).toEqual(['standard', 6600]);
  });

  it('charges a 登録車 first registered 2013-05 and expiring 2026-05 the 13-year rate', () => {
    const price = roughPrice(cost, month(2013, 5), tokyo('2026-05-10T12:00:00'));
    expect([price.band, price.weightTax]).toEqual(['over13', 34200]);
  });

  it('takes a 車検満了日 the visitor gives over the derived one, for the rows and the age band', () => {
    // First registered 2013-05, the derived expiry 2026-05 (13 years); a lapse moved its cycle to
    // 2025-11, when it was 12.
    const derived = roughPrice(cost, month(2013, 5), tokyo('2026-05-10T12:00:00'));
    const given = roughPrice(
      cost,
      month(2013, 5),
      tokyo('2026-05-10T12:00:00'),
      undefined,
      month(2025, 11),
    );
    expect([derived.expiry, derived.band, derived.expiryGiven]).toEqual([
      month(2026, 5),
      'over13',
      undefined,
    ]);
    expect([given.expiry, given.band, given.expiryGiven]).toEqual([
      month(2025, 11),
      'standard',
      true,
    ]);
    expect(given.weightTax).toBeLessThan(derived.weightTax);
    // Without first registration the band stays under 13, at the rows in force at that expiry.
    const noAge = roughPrice(
      cost,
      undefined,
      tokyo('2026-05-10T12:00:00'),
      undefined,
      month(2027, 3),
    );
    expect([noAge.expiry, noAge.band]).toEqual([month(2027, 3), 'standard']);
  });

  it('crosses an expiry at midnight in Tokyo, and the age band with it', () => {
    // First registered 2015-05: on 5/31 the next expiry is 2026-05 (11 years), from 6/1 it is
    // 2028-05 (13 years).
    const registered = month(2015, 5);
    const before = roughPrice(cost, registered, tokyo('2026-05-31T23:59:59'));
    const after = roughPrice(cost, registered, tokyo('2026-06-01T00:00:00'));
    expect([before.expiry, before.band, before.weightTax]).toEqual([
      month(2026, 5),
      'standard',
      24600,
    ]);
    expect([after.expiry, after.band, after.weightTax]).toEqual([month(2028, 5), 'over13', 34200]);
  });

  it("counts in Japan's time, not the visitor's or UTC", () => {
    // 2026-05-31T20:00Z is still May in UTC but already June 1 in Tokyo.
    const price = roughPrice(cost, month(2015, 5), new Date('2026-05-31T20:00:00Z'));
    expect(price.expiry).toEqual(month(2028, 5));
  });

  it('takes the 自賠責 row in force in the expiry month, not today', () => {
    // On 2023-03-10 the 2021 rates (20,010 / 軽 19,730) were in force; from 2023-04-01 the new
    // ones (17,650 / 17,540). A car expiring in April already pays the new rate.
    const now = tokyo('2023-03-10T12:00:00');
    expect(roughPrice(cost, month(2020, 3), now).liabilityInsurance).toBe(20010);
    expect(roughPrice(cost, month(2020, 4), now).liabilityInsurance).toBe(17650);
    expect(roughPrice(kei, month(2020, 3), now).liabilityInsurance).toBe(19730);
    expect(roughPrice(kei, month(2020, 4), now).liabilityInsurance).toBe(17540);
  });

  it('takes a future revision as a new row, from the expiry month it applies to', () => {
    const revised: LegalFeeRates = {
      ...legalFeeRates,
      liabilityInsurance: [
        ...legalFeeRates.liabilityInsurance,
        { validFrom: '2027-04-01', mainland: { passenger: 18000, kei: 17900 } },
      ],
      stampFee: [
        ...legalFeeRates.stampFee,
        {
          validFrom: '2027-04-01',
          designated: { registeredOss: 1850, registeredCounter: 2100, kei: 2100, keiOss: 1850 },
          broughtIn: { ordinary: 2600, small: 2500, kei: 2400 },
        },
      ],
    };
    const now = tokyo('2027-02-15T12:00:00');
    const march = roughPrice(cost, month(2020, 3), now, revised);
    const april = roughPrice(cost, month(2020, 4), now, revised);
    expect([march.liabilityInsurance, march.stampFee]).toEqual([17650, 1600]);
    expect([april.liabilityInsurance, april.stampFee]).toEqual([18000, 1850]);
    expect(april.total - march.total).toBe(18000 - 17650 + 1850 - 1600);
  });

  it('adds up to its parts for every class and age band of both brands', () => {
    const cases: [{ year: number; month: number } | undefined, WeightTaxAgeBand][] = [
      [undefined, 'standard'],
      [month(2020, 1), 'standard'],
      [month(2013, 12), 'over13'],
      [month(2000, 12), 'over18'],
    ];
    const now = tokyo('2026-11-24T12:00:00');
    for (const landing of brands) {
      for (const each of landing.example.classes) {
        for (const [registered, band] of cases) {
          const price = roughPrice(each, registered, now);
          expect(price.band).toBe(band);
          expect(price.vehicleClass).toBe(each.id);
          expect(price.weightTax).toBe(expectedWeightTax[each.id][band]);
          expect(price.total).toBe(
            price.weightTax +
              price.liabilityInsurance +
              price.stampFee +
              price.basicFee -
              price.discount,
          );
          const rows = priceRows(price, landing.example.discountLabel);
          expect(rows.at(-1)?.text).toContain(price.total.toLocaleString('ja-JP'));
          expect(rows[0]?.text).toContain(
            (price.weightTax + price.liabilityInsurance + price.stampFee).toLocaleString('ja-JP'),
          );
        }
      }
    }
  });

  it('labels the 重量税 with the age band it used, and the assumptions of the other fees', () => {
    const old = roughPrice(cost, month(2000, 1), tokyo('2026-11-24T12:00:00'));
    const detail = priceRows(old, '割引')[0]?.detail;
    expect(detail).toContain('重量税（18年経過） 37,800円');
    expect(detail).toContain('自賠責保険料（24か月・本土）17,650円');
    expect(detail).toContain('印紙代（指定工場）1,600円');
    expect(priceRows(withBrandPrices([1], 0)[0] as VehicleClassCost, '割引')[0]?.detail).toContain(
      '重量税（13年未満） 6,600円',
    );
  });
});

describe('what the page says about the 法定費用', () => {
  const notes = legalFeeNotes().join('\n');

  it('names the 持込 amounts, the 指定工場 ones and the as-of date from the rows', () => {
    const stamp = rowInForce(legalFeeRates.stampFee, legalFeesAsOf);
    for (const amount of [
      stamp.designated.registeredOss,
      stamp.designated.registeredCounter,
      stamp.designated.kei,
      stamp.designated.keiOss,
      stamp.broughtIn.ordinary,
      stamp.broughtIn.small,
      stamp.broughtIn.kei,
    ]) {
      expect(notes).toContain(`${amount.toLocaleString('ja-JP')}円`);
    }
    expect(notes).toContain(japaneseDay(legalFeesAsOf));
    expect(notes).toContain('沖縄県と離島では保険料が異なります');
    expect(notes).toContain('0.5tごと5,000円');
  });

  it('claims no nationwide single price on either brand', () => {
    for (const landing of brands) {
      const copy = JSON.stringify(landing);
      expect(copy).not.toContain('全国共通');
      expect(copy).not.toContain('どこで受けても同じ');
      expect(copy).not.toMatch(/満了(日|月)?の(1|１)(か|ヶ|カ)月前/);
      for (const note of legalFeeNotes()) expect(landing.example.notes).toContain(note);
    }
  });
});
