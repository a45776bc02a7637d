/** Reported to the tag manager and the API. */
export const entryPoints = [
  'header',
  'cta',
  'tracking-footer',
  'simple-form-1',
  'simple-form-2',
  'simple-form-3',
  'price-check',
] as const;

export type EntryPoint = (typeof entryPoints)[number];

export function isEntryPoint(value: unknown): value is EntryPoint {
  return typeof value === 'string' && (entryPoints as readonly string[]).includes(value);
}

export function isSimpleFormEntry(value: unknown): boolean {
  return isEntryPoint(value) && value.startsWith('simple-form-');
}

/** Ours stay far below it. */
export const maxRoughTotal = 1_000_000;
