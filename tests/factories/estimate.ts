// The one builder of estimate test requests, for the unit tests (tests/), the e2e specs and the
// smoke suite (e2e/). One valid lead — 山田花子's ホンダ N-BOX, 車検 due next April — in each shape a
// test needs: the form's values, the JSON body the dialog posts, the urlencoded fields of the
// no-JS post, the customer as typed and as stored, and the lead as the API hands it to a store
// (newLead, storedLead). Dates follow Tokyo's calendar
// (src/lib/tokyoTime.ts), never the machine's.
import * as v from 'valibot';
import type { NewLead, StoredLead } from '../../server/leads/store';
import type { BrandId } from '../../src/brand/brands';
import {
  estimateRequestSchema,
  type EstimateRequest,
} from '../../src/estimate/contract/validation/estimateSchema';
import { emptyFormValues, type EstimateFormValues } from '../../src/estimate/contract/formValues';
import { tokyoYear } from '../../src/lib/tokyoTime';

type Group = Record<string, string>;
type Customer = EstimateFormValues['customer'];

/** A 車検満了日 year every form offers and every rule accepts: next year in Tokyo. */
export function nextExpiryYear(now: Date = new Date()): string {
  return String(tokyoYear(now) + 1);
}

/** The vehicle as the dialog sends it (postal code as typed, with its hyphen). */
function vehicle(): Group {
  return {
    expiryYear: nextExpiryYear(),
    expiryMonth: '4',
    maker: 'ホンダ',
    model: 'N-BOX',
    postalCode: '123-4567',
  };
}

const defaultEmail = 'hanako@example.com';

/** 山田花子 as a visitor types her on a Japanese keyboard: hiragana reading, full-width phone. */
export function typedCustomer(email: string = defaultEmail): Customer {
  return {
    lastName: '山田',
    firstName: '花子',
    lastNameKana: 'やまだ',
    firstNameKana: 'はなこ',
    phone: '０９０－１２３４－５６７８',
    email,
  };
}

/** 山田花子 as the API stores her: katakana reading, the phone in digits. */
export function storedCustomer(email: string = defaultEmail): Customer {
  return {
    lastName: '山田',
    firstName: '花子',
    lastNameKana: 'ヤマダ',
    firstNameKana: 'ハナコ',
    phone: '09012345678',
    email,
  };
}

/** The customer as the dialog sends her: the reading in katakana, the phone with hyphens. */
function sentCustomer(): Customer {
  return { ...storedCustomer(), phone: '090-1234-5678' };
}

/**
 * The form's values every rule accepts: required fields filled, optional ones empty, consent
 * given. Group overrides are merged field by field.
 */
export function validFormValues(
  overrides: { vehicle?: Group; customer?: Group; request?: Group } = {},
): EstimateFormValues {
  const values = emptyFormValues();
  values.vehicle = { ...values.vehicle, ...vehicle(), ...overrides.vehicle };
  values.customer = { ...values.customer, ...sentCustomer(), ...overrides.customer };
  values.request = { ...values.request, ...overrides.request };
  values.consent = true;
  return values;
}

export type RequestOverrides = {
  entryPoint?: string;
  vehicle?: Group;
  customer?: Group;
  /** Replaces the request group (代車 希望する by default). */
  request?: Group;
  /** Replaces the tracking (utm_source=google by default). */
  tracking?: Group;
};

/** A request body as the dialog posts it (as JSON). */
export type RequestBody = {
  brand: string;
  entryPoint: string;
  vehicle: Group;
  customer: Group;
  request: Group;
  consent: boolean;
  tracking: Group;
};

/** A valid JSON body for `brand`. Vehicle and customer overrides are merged field by field. */
export function validRequest(brand: BrandId, overrides: RequestOverrides = {}): RequestBody {
  return {
    brand,
    entryPoint: overrides.entryPoint ?? 'cta',
    vehicle: { ...vehicle(), ...overrides.vehicle },
    customer: { ...sentCustomer(), ...overrides.customer },
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
  const fields: Record<string, string> = { brand, entryPoint: body.entryPoint };
  for (const group of ['vehicle', 'customer', 'request'] as const) {
    for (const [name, value] of Object.entries(body[group])) {
      fields[`${group}.${name}`] = value;
    }
  }
  fields.consent = 'on';
  return fields;
}

/** validRequest as the API validated and stored it (the schema's output). */
export function leadRequest(brand: BrandId, overrides: RequestOverrides = {}): EstimateRequest {
  return v.parse(estimateRequestSchema, validRequest(brand, overrides));
}

let leadSerial = 0;

/**
 * A lead as the API hands it to a store: yamada's valid request, received 2026-11-24 10:00 in
 * Tokyo, with its own id, key, content hash and fingerprint unless overridden.
 */
export function newLead(overrides: Partial<NewLead> = {}): NewLead {
  leadSerial += 1;
  return {
    id: `261124-${String(leadSerial).padStart(8, '0')}`,
    brand: 'yamada',
    idempotencyKey: `key-${leadSerial}`,
    contentHash: `content-${leadSerial}`,
    requestHash: `request-${leadSerial}`,
    receivedAt: '2026-11-24T01:00:00.000Z',
    suspectedSpam: false,
    request: leadRequest('yamada'),
    ...overrides,
  };
}

/** newLead as a store reads it back. */
export function storedLead(overrides: Partial<StoredLead> = {}): StoredLead {
  return { ...newLead(), ...overrides };
}
