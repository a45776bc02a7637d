// The form's draft hook: the Idempotency-Key is reused only for the same body.
import { useMemo, useRef } from 'react';
import { clearDraft, loadDraft, saveDraft } from './draft';
import { createDraft, draftForSending, type EstimateDraft } from './draftRules';
import { emptyFormValues, hasInput, type EstimateFormValues } from './contract/formValues';

export type EstimateDraftHandle = {
  /** `read` gets the stored values (to fill the controls still empty) and returns the form's. */
  takeOver: (
    read: (stored: EstimateFormValues | undefined) => EstimateFormValues,
  ) => EstimateFormValues;
  keep: (values: EstimateFormValues) => void;
  keyFor: (body: unknown, values: EstimateFormValues, renew?: boolean) => string;
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
