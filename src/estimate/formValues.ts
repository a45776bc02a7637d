/**
 * The estimate form's values as typed, before validation, and the draft's sanitising. Field names mirror the request body (vehicle.*, customer.*, request.*), so a server error keyed
 * "customer.phone" lands on the field of that name.
 */
import { isRecord } from '../lib/isRecord';

type VehicleValues = {
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

type CustomerValues = {
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  phone: string;
  email: string;
};

type RequestValues = {
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

/**
 * Values as react-hook-form reads them from the DOM, with what it leaves out filled in: a radio
 * group nobody chose is null there, a field not registered (yet) is absent.
 */
export function withEmptyDefaults(values: unknown): EstimateFormValues {
  const filled = emptyFormValues();
  if (!isRecord(values)) return filled;
  for (const group of groups) {
    const given = values[group];
    if (!isRecord(given)) continue;
    const target = filled[group] as Record<string, string>;
    for (const key of Object.keys(target)) {
      const value = given[key];
      if (typeof value === 'string') target[key] = value;
    }
  }
  filled.consent = values.consent === true;
  return filled;
}
