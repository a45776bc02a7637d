/**
 * The form's draft (draftRules.ts), kept in sessionStorage (draft.ts) from the moment the form's
 * code takes over until the server accepts the estimate. It decides the Idempotency-Key from the
 * body actually sent: the key is reused only for the same body.
 */
import { useMemo, useRef } from 'react';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { createDraft, draftForSending, type EstimateDraft } from './draftRules';
import { emptyFormValues, hasInput, type EstimateFormValues } from './contract/formValues';

export type EstimateDraftHandle = {
  /**
   * Takes over: `read` gets the stored draft's values (to fill the controls still empty) and
   * returns what the form then holds, which becomes the draft (stored if it holds input) and is
   * returned.
   */
  takeOver: (
    read: (stored: EstimateFormValues | undefined) => EstimateFormValues,
  ) => EstimateFormValues;
  /** Keeps what the form holds now. */
  keep: (values: EstimateFormValues) => void;
  /**
   * The Idempotency-Key to send `body` with (a new one when `renew`); the draft records `body` as
   * sent under it.
   */
  keyFor: (body: unknown, values: EstimateFormValues, renew?: boolean) => string;
  /** The server accepted it: the next estimate starts a new draft, and nothing is stored. */
  clear: () => void;
};

export function useEstimateDraft(): EstimateDraftHandle {
  const draftRef = useRef<EstimateDraft | null>(null);
  return useMemo(() => {
    const save = (draft: EstimateDraft) => {
      saveDraft((draftRef.current = draft));
      return draft;
    };
    const holding = (values: EstimateFormValues, draft = draftRef.current) => ({
      ...(draft ?? createDraft(values)),
      values,
    });
    return {
      takeOver(read) {
        const stored = loadDraft();
        const values = read(stored?.values);
        draftRef.current = holding(values, stored);
        if (hasInput(values)) save(draftRef.current);
        return values;
      },
      keep: (values) => void save(holding(values)),
      keyFor: (body, values, renew = false) =>
        save(draftForSending(holding(values), body, renew)).idempotencyKey,
      clear() {
        draftRef.current = createDraft(emptyFormValues());
        clearDraft();
      },
    };
  }, []);
}
