/**
 * The estimate draft in sessionStorage: what the visitor typed, where they opened the form and the
 * Idempotency-Key of the request, kept until the server accepts it, so a reload, a failed request
 * or a closed modal loses nothing and a retry cannot create a second estimate.
 * Storage may be missing, full or blocked (Safari private mode, sandboxed frames): every failure
 * is swallowed and the form simply works without persistence.
 */
import {
  emptyFormValues,
  sanitizeFormValues,
  withPrefill,
  type EstimateFormValues,
} from './formValues';
import { isVehicleClassId } from '../content/legalFees';
import {
  isEntryPoint,
  maxRoughTotal,
  type EntryPoint,
  type EstimatePrefill,
  type EstimateQuote,
} from './types';

export const draftStorageKey = 'estimate_draft';
/** The estimate's name in the pending-input registry (src/lib/pendingInput.ts). */
export const pendingInputKey = 'estimate';

export type EstimateDraft = {
  values: EstimateFormValues;
  entryPoint: EntryPoint;
  idempotencyKey: string;
  /**
   * The validated content last sent with idempotencyKey (JSON), if any. When the visitor changes
   * the content after a failed attempt, the next attempt needs a new key: the server answers a
   * repeated key with the first attempt's id and would silently drop the changes.
   */
  sentContent?: string;
  /** The price check's rough price, when the visitor came from there (sent with the request). */
  quote?: EstimateQuote;
};

const storedVersion = 1;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** A random UUID; falls back where crypto.randomUUID is missing (insecure origins, old Safari). */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  // RFC 4122 version 4, variant 1.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createDraft(values: EstimateFormValues, entryPoint: EntryPoint): EstimateDraft {
  return { values, entryPoint, idempotencyKey: newIdempotencyKey() };
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

/** A stored quote as the schema would accept it (a known class, a bounded whole-yen total). */
export function isEstimateQuote(value: unknown): value is EstimateQuote {
  if (typeof value !== 'object' || value === null) return false;
  const { vehicleClass, roughTotal } = value as Record<string, unknown>;
  return (
    isVehicleClassId(vehicleClass) &&
    typeof roughTotal === 'number' &&
    Number.isInteger(roughTotal) &&
    roughTotal >= 0 &&
    roughTotal <= maxRoughTotal
  );
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

/**
 * The draft to show when the modal opens: the stored (or current) one, or a new one, now
 * attributed to `entryPoint`, with a simple form's quick fields laid over it (the prefill wins:
 * it is what the visitor just typed).
 */
export function openDraft(
  current: EstimateDraft | null,
  entryPoint: EntryPoint,
  prefill: EstimatePrefill | undefined,
  quote?: EstimateQuote,
): EstimateDraft {
  const base = current ?? createDraft(emptyFormValues(), entryPoint);
  return {
    ...base,
    entryPoint,
    values: withPrefill(base.values, prefill),
    // A new price check replaces the quote; any other opener keeps the draft's.
    ...(quote && { quote }),
  };
}
