// One estimate request every rule of the API accepts today, shared by the API's unit tests
// (tests/server, tests/deploy) and the smoke suite's API spec (e2e/smoke/api.spec.ts); and the
// customer the other specs' hand-built bodies share.
import type { BrandId } from '../../src/brand/brands';
import { tokyoYear } from '../../src/lib/tokyoTime';

type Group = Record<string, string>;

export type RequestOverrides = {
  entryPoint?: string;
  vehicle?: Group;
  customer?: Group;
  /** Replaces the request group (代車 希望する by default). */
  request?: Group;
  /** Replaces the tracking (utm_source=google by default). */
  tracking?: Group;
};

/** 山田太郎 as the API keeps him (katakana reading, the phone in digits), for bodies built by hand. */
export function taroCustomer(email: string): Record<string, string> {
  return {
    lastName: '山田',
    firstName: '太郎',
    lastNameKana: 'ヤマダ',
    firstNameKana: 'タロウ',
    phone: '09012345678',
    email,
  };
}

/**
 * A valid JSON body for `brand`: the expiry next April (Tokyo's year + 1), 山田花子 with a mobile
 * number. Vehicle and customer overrides are merged field by field.
 */
export function validRequest(
  brand: BrandId,
  overrides: RequestOverrides = {},
): Record<string, unknown> {
  return {
    brand,
    entryPoint: overrides.entryPoint ?? 'cta',
    vehicle: {
      expiryYear: String(tokyoYear() + 1),
      expiryMonth: '4',
      maker: 'ホンダ',
      model: 'N-BOX',
      postalCode: '123-4567',
      ...overrides.vehicle,
    },
    customer: {
      lastName: '山田',
      firstName: '花子',
      lastNameKana: 'ヤマダ',
      firstNameKana: 'ハナコ',
      phone: '090-1234-5678',
      email: 'hanako@example.com',
      ...overrides.customer,
    },
    request: overrides.request ?? { courtesyCar: 'yes' },
    consent: true,
    tracking: overrides.tracking ?? { source: 'google' },
  };
}

/**
 * The same request as the estimate dialog's form posts it without JavaScript
 * (application/x-www-form-urlencoded): dotted control names, the consent box checked.
 */
export function validFormPost(
  brand: BrandId,
  overrides: RequestOverrides = {},
): Record<string, string> {
  const body = validRequest(brand, overrides);
  const fields: Record<string, string> = { brand, entryPoint: String(body.entryPoint) };
  for (const group of ['vehicle', 'customer', 'request'] as const) {
    for (const [name, value] of Object.entries(body[group] as Group)) {
      fields[`${group}.${name}`] = value;
    }
  }
  fields.consent = 'on';
  return fields;
}
