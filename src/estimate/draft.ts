/**
 * The estimate draft in sessionStorage: what the visitor typed, where they opened the form and the
 * Idempotency-Key of the request (draftRules.ts), kept until the server accepts it, so a reload, a failed request
 * or a closed modal loses nothing and a retry cannot create a second estimate.
 * Storage may be missing, full or blocked (Safari private mode, sandboxed frames): every failure
 * is swallowed and the form simply works without persistence.
 */
import * as v from 'valibot';
import type { EstimateDraft } from './draftRules';
import { sanitizeFormValues } from './formValues';
import { isEntryPoint, type EstimateQuote } from './types';
import { estimateQuoteSchema } from './validation/estimateSchema';

/** @internal Exported: tests seed and read the stored draft. */
export const draftStorageKey = 'estimate_draft';
/** The estimate's name in the pending-input registry (src/lib/pendingInput.ts). */
export const pendingInputKey = 'estimate';

const storedVersion = 1;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const keyPattern = /^[\w-]{8,100}$/;

/** The stored draft, or null when there is none; a corrupt one is removed. */
export function loadDraft(): EstimateDraft | null {
  const store = storage();
  if (!store) return null;
  try {
    const raw = store.getItem(draftStorageKey);
    if (raw === null) return null;
    const draft = parseDraft(raw);
    if (!draft) store.removeItem(draftStorageKey);
    return draft;
  } catch {
    return null;
  }
}

function parseDraft(raw: string): EstimateDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { version, values, entryPoint, idempotencyKey, sentContent, quote } = parsed as Record<
    string,
    unknown
  >;
  const sanitized = sanitizeFormValues(values);
  if (
    version !== storedVersion ||
    !sanitized ||
    !isEntryPoint(entryPoint) ||
    typeof idempotencyKey !== 'string' ||
    !keyPattern.test(idempotencyKey)
  ) {
    return null;
  }
  return {
    values: sanitized,
    entryPoint,
    idempotencyKey,
    ...(typeof sentContent === 'string' ? { sentContent } : {}),
    ...(isEstimateQuote(quote) ? { quote } : {}),
  };
}

/** A stored quote as the schema accepts it (a known class, a bounded whole-yen total). */
export function isEstimateQuote(value: unknown): value is EstimateQuote {
  return v.is(estimateQuoteSchema, value);
}

export function saveDraft(draft: EstimateDraft): void {
  try {
    storage()?.setItem(draftStorageKey, JSON.stringify({ version: storedVersion, ...draft }));
  } catch {
    // Quota or privacy mode: the form keeps working, only without persistence.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(draftStorageKey);
  } catch {
    // See saveDraft.
  }
}
