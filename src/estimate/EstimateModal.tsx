/**
 * The estimate modal: a lazy chunk (with react-hook-form, valibot, axios) loaded on first open by
 * EstimateProvider. What the visitor types is saved to the draft on every change and stays there
 * until the server accepts it.
 * A little over 250 lines: opening, sending and the send's outcomes share one status and one
 * draft, so they stay together; the pure rules (draftRules.ts), the focus trap (focusTrap.ts), the
 * fields (EstimateFields.tsx) and the notices (EstimateNotices.tsx) live apart.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { useEffect, useId, useRef, useState, type FormEvent, type SyntheticEvent } from 'react';
import { FormProvider, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useBrand } from '../brand/useBrand';
import { trackingConfig } from '../content/trackingConfig';
import { clearDataLayerKeys, pushEvent } from '../lib/dataLayer';
import { setPendingInput } from '../lib/pendingInput';
import { estimateSuccessParams, userProvidedDataKey } from '../tracking/conversionEvents';
import { readTrackingData } from '../tracking/trackingData';
import { submitEstimate } from './api';
import { clearDraft, loadDraft, pendingInputKey, saveDraft } from './draft';
import { createDraft, draftForSending, openDraft, type EstimateDraft } from './draftRules';
import { EstimateComplete } from './EstimateComplete';
import { EstimateFields } from './EstimateFields';
import { QuoteNote, RejectedAlert, RetryAlert, type RetryReason } from './EstimateNotices';
import { trapFocus } from './focusTrap';
import { emptyFormValues, formFieldNames, hasInput, type EstimateFormValues } from './formValues';
import {
  estimateFormSchema,
  toEstimateRequest,
  type EstimateFormOutput,
} from './validation/estimateSchema';
import type { EntryPoint, EstimatePrefill, EstimateQuote } from './types';
import styles from './EstimateModal.module.css';

export type EstimateModalProps = {
  open: boolean;
  entryPoint: EntryPoint;
  prefill?: EstimatePrefill;
  /** The price check's rough price, carried by the request. */
  quote?: EstimateQuote;
  /** Called when the dialog closed (close button, Escape or after completion). */
  onClose: () => void;
};

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'retryable'; reason: RetryReason }
  /** The server refused something the form has no field for. */
  | { kind: 'rejected'; messages: string[]; focusAlert: boolean }
  | { kind: 'done'; receiptId: string };

const fieldNames = new Set(formFieldNames());

// The lazy chunk's entry (React.lazy needs a default export).
export default function EstimateModal({
  open,
  entryPoint,
  prefill,
  quote,
  onClose,
}: EstimateModalProps) {
  const brand = useBrand();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [initialDraft] = useState(() => openDraft(loadDraft(), entryPoint, prefill, quote));
  const draftRef = useRef<EstimateDraft>(initialDraft);
  const form = useForm<EstimateFormValues, unknown, EstimateFormOutput>({
    defaultValues: initialDraft.values,
    // The schema also accepts absent optional fields (JSON drops them on the way to the server);
    // the form always holds all of them, a narrower input the resolver handles the same way.
    // Standard Schema, not valibotResolver: that one sets abortPipeEarly, which would skip the
    // cross-field checks (validation/crossField.ts) while any vehicle field is invalid.
    resolver: standardSchemaResolver(estimateFormSchema) as unknown as Resolver<
      EstimateFormValues,
      unknown,
      EstimateFormOutput
    >,
    mode: 'onBlur',
  });
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const [holdsInput, setHoldsInput] = useState(() => hasInput(initialDraft.values));
  const [shownQuote, setShownQuote] = useState(initialDraft.quote);
  // A ref, not state: two clicks in one frame both run before a re-render could disable the button.
  const sendingRef = useRef(false);

  // Save the draft on every change; sessionStorage writes of a few hundred bytes are cheap
  // enough not to debounce, and nothing typed is lost to a reload a moment later.
  const { subscribe, getValues } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => {
          const values = getValues();
          draftRef.current = { ...draftRef.current, values };
          saveDraft(draftRef.current);
          setHoldsInput(hasInput(values));
        },
      }),
    [subscribe, getValues],
  );

  // `open` is the one owner of the dialog's state: the <dialog> follows it, and tells it of a close
  // of its own (Escape, the close buttons) through onClose.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      return;
    }
    if (dialog.open) return;
    const draft = openDraft(draftRef.current, entryPoint, prefill, quote);
    draftRef.current = draft;
    setShownQuote(draft.quote);
    if (prefill) form.reset(draft.values);
    saveDraft(draft);
    setHoldsInput(hasInput(draft.values));
    setStatus((current) => (current.kind === 'sending' ? current : { kind: 'editing' }));
    dialog.showModal();
    pushEvent('estimate_open', { brand: brand.id, entry_point: entryPoint });
  }, [open, entryPoint, prefill, quote, form, brand.id]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    return trapFocus(dialog, () => titleRef.current ?? dialog);
  }, [open]);

  const done = status.kind === 'done';
  useEffect(() => {
    setPendingInput(pendingInputKey, holdsInput || (open && !done));
  }, [holdsInput, open, done]);
  useEffect(() => () => setPendingInput(pendingInputKey, false), []);

  const retryRef = useRef<HTMLButtonElement>(null);
  const rejectedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The submit button is gone (done) or was disabled while sending, which sent focus to the
    // page: keep it inside the dialog, on what changed.
    if (status.kind === 'done') titleRef.current?.focus();
    else if (status.kind === 'retryable') retryRef.current?.focus();
    else if (status.kind === 'rejected' && status.focusAlert) rejectedRef.current?.focus();
  }, [status]);

  const sending = status.kind === 'sending';

  async function send(values: EstimateFormOutput) {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setStatus({ kind: 'sending' });
    const eventParams = { brand: brand.id, entry_point: draftRef.current.entryPoint };
    pushEvent('estimate_submit', eventParams);
    try {
      const draft = draftForSending(draftRef.current, values);
      draftRef.current = draft;
      saveDraft(draft);
      const body = toEstimateRequest(values, {
        brand: brand.id,
        entryPoint: draft.entryPoint,
        tracking: readTrackingData(),
        quote: draft.quote,
      });
      const result = await submitEstimate(body, draft.idempotencyKey);
      if (result.kind === 'success') {
        const { enhancedConversions } = trackingConfig[brand.id];
        pushEvent(
          'estimate_success',
          estimateSuccessParams({
            brand: brand.id,
            entryPoint: draft.entryPoint,
            estimateId: result.id,
            customer: values.customer,
            enhancedConversions,
          }),
        );
        if (enhancedConversions) clearDataLayerKeys([userProvidedDataKey]);
        draftRef.current = createDraft(emptyFormValues(), draft.entryPoint);
        form.reset(emptyFormValues());
        clearDraft();
        setHoldsInput(false);
        setShownQuote(undefined);
        setStatus({ kind: 'done', receiptId: result.id });
      } else if (result.kind === 'invalid') {
        pushEvent('estimate_error', { ...eventParams, error: 'invalid' });
        showServerErrors(result.errors);
      } else {
        pushEvent('estimate_error', { ...eventParams, error: result.reason });
        setStatus({ kind: 'retryable', reason: result.reason });
      }
    } catch {
      pushEvent('estimate_error', { ...eventParams, error: 'unexpected' });
      setStatus({ kind: 'retryable', reason: 'unexpected' });
    } finally {
      sendingRef.current = false;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    return form.handleSubmit(send)(event);
  }

  function showServerErrors(errors: Record<string, string>) {
    const unknown: string[] = [];
    let focused = false;
    for (const [field, message] of Object.entries(errors)) {
      if (fieldNames.has(field)) {
        form.setError(
          field as FieldPath<EstimateFormValues>,
          { type: 'server', message },
          { shouldFocus: !focused },
        );
        focused = true;
      } else {
        unknown.push(message);
      }
    }
    // A field the server named takes the focus; only without one does the alert take it.
    setStatus(
      unknown.length > 0
        ? { kind: 'rejected', messages: unknown, focusAlert: !focused }
        : { kind: 'editing' },
    );
  }

  function close() {
    dialogRef.current?.close();
  }

  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    // Escape while sending would hide the answer; the request ends within the 15 s timeout.
    if (sendingRef.current) event.preventDefault();
  }

  function onDialogClose() {
    if (done) setStatus({ kind: 'editing' });
    onClose();
  }

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={onCancel}
      onClose={onDialogClose}
    >
      <div className={styles.header}>
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.title}>
          {done ? 'お見積もり依頼を受け付けました' : '無料お見積もり依頼'}
        </h2>
        <button type="button" className={styles.closeButton} onClick={close} disabled={sending}>
          閉じる
        </button>
      </div>
      <div className={styles.body}>
        {status.kind === 'done' ? (
          <EstimateComplete receiptId={status.receiptId} phone={brand.phone} onClose={close} />
        ) : (
          <FormProvider {...form}>
            <form noValidate onSubmit={onSubmit} className={styles.form}>
              <p className={styles.intro}>
                {brand.name}
                の車検お見積もりは無料です。ご入力いただいた内容をもとに、担当者よりご連絡いたします。
              </p>
              {shownQuote && <QuoteNote quote={shownQuote} />}
              <EstimateFields />
              {status.kind === 'retryable' && (
                <RetryAlert
                  ref={retryRef}
                  sending={sending}
                  reason={status.reason}
                  phone={brand.phone}
                />
              )}
              {status.kind === 'rejected' && (
                <RejectedAlert ref={rejectedRef} phone={brand.phone} messages={status.messages} />
              )}
              <button type="submit" className={styles.submit} disabled={sending}>
                {sending ? '送信中…' : 'この内容で見積もりを依頼する'}
              </button>
            </form>
          </FormProvider>
        )}
      </div>
    </dialog>
  );
}
