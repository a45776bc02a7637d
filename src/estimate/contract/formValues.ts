// Names mirror the request body, so a server error keyed "customer.phone" lands on that field.
import { isRecord } from '../../lib/isRecord';
import { fieldPaths, type CheckboxPath, type EstimateFormValues } from './fieldTable';

export type { EstimateFormValues };

type Group = Exclude<keyof EstimateFormValues, CheckboxPath>;

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
    adConsent: false,
    reminderConsent: false,
  } as EstimateFormValues;
}

export function formFieldNames(): string[] {
  return [...fieldPaths];
}

/** Anything longer came from tampering, not typing. */
const maxStoredLength = 2000;

/** `stored` (untrusted): strings capped, and null when `raw` is not shaped like form values. */
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
  values.adConsent = raw.adConsent === true;
  values.reminderConsent = raw.reminderConsent === true;
  return values;
}

export function sanitizeFormValues(raw: unknown): EstimateFormValues | null {
  return copyKnownFields(raw, true);
}

export function hasInput(values: EstimateFormValues): boolean {
  return (
    values.consent ||
    groups.some((group) =>
      Object.values(values[group]).some((value: string) => value.trim() !== ''),
    )
  );
}

/** A radio group nobody chose is null in react-hook-form; an unregistered field is absent. */
export function withEmptyDefaults(values: unknown): EstimateFormValues {
  return copyKnownFields(values, false) ?? emptyFormValues();
}
