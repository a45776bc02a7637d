/**
 * The estimate draft in sessionStorage: what the visitor typed, the Idempotency-Key of the request
 * and the body last sent under it (draftRules.ts), kept until the server accepts it, so a reload,
 * a failed request or a closed dialog loses nothing and a retry cannot create a second estimate.
 * Where the visitor opened the form and the price check's quote are not kept: the form's hidden
 * controls hold them, written by the last open (decision 007).
 * Storage may be missing, full or blocked (Safari private mode, sandboxed frames): every failure
 * is swallowed and the form simply works without persistence.
 */
import type { EstimateDraft } from './draftRules';
import { sanitizeFormValues } from './contract/formValues';

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
  // A draft stored before may carry an entry point and a quote: neither is read. Its sentContent
  // was the values alone, which no body equals, so its next send gets a new key.
  const { version, values, idempotencyKey, sentContent } = parsed as Record<string, unknown>;
  const sanitized = sanitizeFormValues(values);
  if (
    version !== storedVersion ||
    !sanitized ||
    typeof idempotencyKey !== 'string' ||
    !keyPattern.test(idempotencyKey)
  ) {
    return null;
  }
  return {
    values: sanitized,
    idempotencyKey,
    ...(typeof sentContent === 'string' ? { sentContent } : {}),
  };
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
