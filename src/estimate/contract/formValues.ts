/**
 * The estimate form's values as typed, before validation, and the draft's sanitising, made from
 * the field table (fieldTable.ts). Field names mirror the request body (vehicle.*, customer.*,
 * request.*), so a server error keyed "customer.phone" lands on the field of that name.
 */
import { isRecord } from '../../lib/isRecord';
import { fieldPaths, type EstimateFormValues } from './fieldTable';

export type { EstimateFormValues };

type Group = Exclude<keyof EstimateFormValues, 'consent'>;

/**
 * The form's text fields by group, in the form's order, from the field table: all are strings as
 * typed; the schema checks them.
 */
const textFields = {} as Record<Group, string[]>;
for (const path of fieldPaths) {
  const [group, key] = path.split('.') as [Group, string | undefined];
  if (key !== undefined) (textFields[group] ??= []).push(key);
}
const groups = Object.keys(textFields) as Group[];

export function emptyFormValues(): EstimateFormValues {
  const empty = (group: Group) => Object.fromEntries(textFields[group].map((key) => [key, '']));
  return {
    ...Object.fromEntries(groups.map((group) => [group, empty(group)])),
    consent: false,
  } as EstimateFormValues;
}

/** Every field name the form shows, as react-hook-form paths ("vehicle.maker", ..., "consent"). */
export function formFieldNames(): string[] {
  return [...fieldPaths];
}

/** Longest string a stored field may hold; anything longer came from tampering, not typing. */
const maxStoredLength = 2000;

/**
 * The known string fields of `raw` over empty values. `stored` (untrusted stored data): strings
 * are capped, and null comes back when `raw` is not shaped like form values at all.
 */
function copyKnownFields(raw: unknown, stored: boolean): EstimateFormValues | null {
  const values = emptyFormValues();
  if (!isRecord(raw)) return stored ? null : values;
  for (const group of groups) {
    const given = raw[group];
    if (!isRecord(given)) {
      if (stored) return null;
      continue;
    }
    const target = values[group] as Record<string, string>;
    for (const key of textFields[group]) {
      const value = given[key];
      if (typeof value === 'string') target[key] = stored ? value.slice(0, maxStoredLength) : value;
    }
  }
  values.consent = raw.consent === true;
  return values;
}

/** Rebuilds form values from untrusted stored data (see copyKnownFields). */
export function sanitizeFormValues(raw: unknown): EstimateFormValues | null {
  return copyKnownFields(raw, true);
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
  return copyKnownFields(values, false) ?? emptyFormValues();
}
