// The draft in sessionStorage until the server accepts it: a reload or a failed request loses
// nothing. Storage may be missing, full or blocked: failures are swallowed.
import type { EstimateDraft } from './draftRules';
import { sanitizeFormValues } from './contract/formValues';

/** @internal Exported: tests seed and read the stored draft. */
export const draftStorageKey = 'estimate_draft';
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
