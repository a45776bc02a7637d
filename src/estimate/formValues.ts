/**
 * The estimate form's values as typed, before validation. Kept free of zod and react-hook-form:
 * the provider reads a stored draft in the first-view bundle, where those libraries must not load.
 * Field names mirror the request body (vehicle.*, customer.*, request.*), so a server error keyed
 * "customer.phone" lands on the field of that name.
 */
import { quickFieldNames, type EstimatePrefill } from './types';
import { isRecord } from '../lib/isRecord';

export type VehicleValues = {
  expiryYear: string;
  expiryMonth: string;
  expiryDay: string;
  maker: string;
  model: string;
  postalCode: string;
  firstRegistrationYear: string;
  firstRegistrationMonth: string;
  mileage: string;
};

export type CustomerValues = {
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  phone: string;
  email: string;
};

export type RequestValues = {
  preferredDate1: string;
  preferredDate2: string;
  /** '' (no answer), 'yes' (希望する) or 'no' (希望しない). */
  courtesyCar: string;
  contactTime: string;
  notes: string;
};

export type EstimateFormValues = {
  vehicle: VehicleValues;
  customer: CustomerValues;
  request: RequestValues;
  consent: boolean;
};

export function emptyFormValues(): EstimateFormValues {
  return {
    vehicle: {
      expiryYear: '',
      expiryMonth: '',
      expiryDay: '',
      maker: '',
      model: '',
      postalCode: '',
      firstRegistrationYear: '',
      firstRegistrationMonth: '',
      mileage: '',
    },
    customer: {
      lastName: '',
      firstName: '',
      lastNameKana: '',
      firstNameKana: '',
      phone: '',
      email: '',
    },
    request: {
      preferredDate1: '',
      preferredDate2: '',
      courtesyCar: '',
      contactTime: '',
      notes: '',
    },
    consent: false,
  };
}

const groups = ['vehicle', 'customer', 'request'] as const;

/** Every field name the form shows, as react-hook-form paths ("vehicle.maker", ..., "consent"). */
export function formFieldNames(): string[] {
  const empty = emptyFormValues();
  return [
    ...groups.flatMap((group) => Object.keys(empty[group]).map((key) => `${group}.${key}`)),
    'consent',
  ];
}

/** Longest string a stored field may hold; anything longer came from tampering, not typing. */
const maxStoredLength = 2000;

/**
 * Rebuilds form values from untrusted stored data: known string fields are kept (capped), anything
 * else falls back to empty. Returns null when the data is not shaped like form values at all.
 */
export function sanitizeFormValues(raw: unknown): EstimateFormValues | null {
  if (!isRecord(raw)) return null;
  const values = emptyFormValues();
  for (const group of groups) {
    const stored = raw[group];
    if (!isRecord(stored)) return null;
    const target = values[group] as Record<string, string>;
    for (const key of Object.keys(target)) {
      const value = stored[key];
      if (typeof value === 'string') target[key] = value.slice(0, maxStoredLength);
    }
  }
  values.consent = raw.consent === true;
  return values;
}

/** True when the visitor has typed or chosen anything. */
export function hasInput(values: EstimateFormValues): boolean {
  return (
    values.consent ||
    groups.some((group) =>
      Object.values(values[group]).some((value: string) => value.trim() !== ''),
    )
  );
}

/** Prefill keys beyond the quick fields: the price check's 初度登録年月. */
const firstRegistrationKeys = ['firstRegistrationYear', 'firstRegistrationMonth'] as const;

/** Prefilled fields the modal shows as selects of plain numbers ('2027', '3'). */
const numberSelectKeys: ReadonlySet<string> = new Set([
  'expiryYear',
  'expiryMonth',
  'expiryDay',
  ...firstRegistrationKeys,
]);

/**
 * A number typed in a simple form ('２０２７', '03') as the modal's option value ('2027', '3'):
 * a select cannot show a value none of its options has, and would look empty to the visitor.
 */
function asNumberOption(value: string): string {
  const digits = value.normalize('NFKC').trim();
  return /^\d{1,4}$/.test(digits) ? String(Number(digits)) : value;
}

/** Values with an opener's prefill laid over them; a non-empty prefill value wins. */
export function withPrefill(
  values: EstimateFormValues,
  prefill: EstimatePrefill | undefined,
): EstimateFormValues {
  if (!prefill) return values;
  const vehicle = { ...values.vehicle };
  for (const key of [...quickFieldNames, ...firstRegistrationKeys]) {
    const value = prefill[key];
    if (typeof value === 'string' && value.trim() !== '') {
      vehicle[key] = numberSelectKeys.has(key) ? asNumberOption(value) : value;
    }
  }
  return { ...values, vehicle };
}
