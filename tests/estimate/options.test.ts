// Every option a form offers, walked through the schema the dialog and the local API share, for
// both brands: no choice a visitor can make is refused.
import { parse, safeParse } from 'valibot';
import { brandIds } from '../../src/brand/brands';
import { expiryYearOptions, firstRegistrationYearOptions } from '../../src/estimate/contract/dates';
import { field, fieldPaths, fields } from '../../src/estimate/contract/fieldTable';
import type { EstimateFormValues } from '../../src/estimate/contract/formValues';
import { freezeDateAtFixedNow } from './fixedNow';
import { validFormValues } from '../factories/estimate';
import {
  contactTimeOptions,
  courtesyCarOptions,
  dayOptions,
  makers,
  monthOptions,
} from '../../src/estimate/contract/options';
import {
  estimateRequestSchema,
  fieldErrors,
  toEstimateRequest,
} from '../../src/estimate/contract/validation/estimateSchema';
import { entryPoints } from '../../src/estimate/contract/types';

freezeDateAtFixedNow();

/** The request body as the dialog sends it (JSON drops nothing here: every value is a string). */
function requestErrors(
  brand: (typeof brandIds)[number],
  patch: (values: EstimateFormValues) => void,
): Record<string, string> {
  const values = validFormValues();
  patch(values);
  const body = JSON.parse(
    JSON.stringify({ brand, entryPoint: 'header', ...values, tracking: {} }),
  ) as unknown;
  const result = safeParse(estimateRequestSchema, body);
  return result.success ? {} : fieldErrors(result.issues);
}

describe.each(brandIds)('%s: every option a form offers is accepted', (brand) => {
  it('every maker, including いすゞ, その他（国産車） and 輸入車', () => {
    expect(makers).toEqual(expect.arrayContaining(['いすゞ', 'その他（国産車）', '輸入車']));
    for (const maker of makers) {
      expect(
        requestErrors(brand, (v) => (v.vehicle.maker = maker)),
        maker,
      ).toEqual({});
    }
  });

  it('stores a maker as the list spells it, even from a half-width variant', () => {
    const body = { brand, entryPoint: 'header', ...validFormValues(), tracking: {} };
    for (const [sent, stored] of [
      ['その他(国産車)', 'その他（国産車）'],
      [' 輸入車 ', '輸入車'],
    ]) {
      body.vehicle = { ...body.vehicle, maker: sent! };
      expect(parse(estimateRequestSchema, body).vehicle.maker).toBe(stored);
    }
  });

  it('every 車検満了日 year, month and day (a day in a month that has it)', () => {
    for (const year of expiryYearOptions()) {
      expect(requestErrors(brand, (v) => (v.vehicle.expiryYear = String(year)))).toEqual({});
    }
    for (const month of monthOptions) {
      expect(requestErrors(brand, (v) => (v.vehicle.expiryMonth = String(month)))).toEqual({});
    }
    for (const day of dayOptions) {
      expect(
        requestErrors(brand, (v) => {
          v.vehicle.expiryMonth = '1';
          v.vehicle.expiryDay = String(day);
        }),
        `day ${day}`,
      ).toEqual({});
    }
  });

  it('every 初度登録 year and month', () => {
    for (const year of firstRegistrationYearOptions()) {
      expect(
        requestErrors(brand, (v) => {
          v.vehicle.firstRegistrationYear = String(year);
          v.vehicle.firstRegistrationMonth = '1';
        }),
      ).toEqual({});
    }
    for (const month of monthOptions) {
      expect(
        requestErrors(brand, (v) => {
          v.vehicle.firstRegistrationYear = '2020';
          v.vehicle.firstRegistrationMonth = String(month);
        }),
      ).toEqual({});
    }
  });

  it('every 代車 and 連絡希望時間帯 choice', () => {
    for (const { value } of courtesyCarOptions) {
      expect(requestErrors(brand, (v) => (v.request.courtesyCar = value))).toEqual({});
    }
    for (const { value } of contactTimeOptions) {
      expect(requestErrors(brand, (v) => (v.request.contactTime = value))).toEqual({});
    }
  });

  it('text up to each field table maximum length, and one more is refused with its message', () => {
    const limited = fieldPaths.filter((path) => field(path).maxLength !== undefined);
    expect(limited).toEqual(expect.arrayContaining(['vehicle.model', 'request.notes']));
    for (const path of limited) {
      const max = field(path).maxLength!;
      // An address of exactly `length` characters, or katakana (which every text field takes).
      const text = (length: number) =>
        path === 'customer.email'
          ? `${'a'.repeat(length - '@example.com'.length)}@example.com`
          : 'ア'.repeat(length);
      const set = (v: EstimateFormValues, value: string) => {
        const [group, key] = path.split('.') as ['vehicle', 'model'];
        v[group][key] = value;
      };
      expect(
        requestErrors(brand, (v) => set(v, text(max))),
        path,
      ).toEqual({});
      expect(Object.keys(requestErrors(brand, (v) => set(v, text(max + 1)))), path).toEqual([path]);
    }
  });

  it('every entry point', () => {
    for (const entryPoint of entryPoints) {
      const parsed = safeParse(
        estimateRequestSchema,
        toEstimateRequest(
          { ...validFormValues(), consent: true } as unknown as Parameters<
            typeof toEstimateRequest
          >[0],
          { brand, entryPoint, tracking: {} },
        ),
      );
      expect(parsed.success, entryPoint).toBe(true);
    }
  });
});

it('a simple form’s raw input at its maximum lengths is accepted as the dialog’s vehicle', () => {
  // The year and the postal code as typed, full width and with a hyphen.
  const values = validFormValues();
  values.vehicle = {
    ...values.vehicle,
    expiryYear: '２０２６'.slice(0, fields['vehicle.expiryYear'].simpleForm.maxLength),
    expiryMonth: String(monthOptions[monthOptions.length - 1]),
    expiryDay: String(dayOptions[0]),
    maker: String(makers[makers.length - 1]),
    model: 'ア'.repeat(fields['vehicle.model'].maxLength),
    postalCode: '〒１２３－４５６７'.slice(0, fields['vehicle.postalCode'].simpleForm.maxLength),
  };
  expect(requestErrors(brandIds[0], (v) => Object.assign(v, values))).toEqual({});
});
