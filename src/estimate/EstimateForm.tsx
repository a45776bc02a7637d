/**
 * The estimate form's code: a lazy chunk (react-hook-form, valibot, axios) that hydrates the form
 * the page already shows (EstimateDialog.tsx). It takes over the elements as they are: values are
 * read from the DOM when the fields register, so nothing typed before it arrived is reset; a
 * stored draft fills only what is still empty; a submit held while it loaded is sent once.
 * What the visitor types is saved to the draft on every change until the server accepts it.
 */
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import {
  startTransition,
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type FormEvent,
  type RefObject,
} from 'react';
import { FormProvider, get, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useBrand } from '../brand/useBrand';
import { trackingConfig } from '../content/trackingConfig';
import { clearDataLayerKeys, pushEvent } from '../lib/dataLayer';
import { setPendingInput } from '../lib/pendingInput';
import { whenIdle } from '../lib/whenIdle';
import { estimateSuccessParams, userProvidedDataKey } from '../tracking/conversionEvents';
import { readTrackingData } from '../tracking/trackingData';
import { submitEstimate, type RetryReason } from './api';
import { estimatesUrl } from './endpoint';
import { closeEstimateCommand, formStateAttribute, layOutEvent } from './dialog';
import { clearDraft, loadDraft, pendingInputKey, saveDraft } from './draft';
import { createDraft, draftForSending, type EstimateDraft } from './draftRules';
import { EstimateComplete } from './EstimateComplete';
import { EstimateFields, HiddenFields } from './EstimateFields';
import { QuoteNote, RejectedAlert, RetryAlert } from './EstimateNotices';
import { control, domValue, entryPointOf } from './formDom';
import { quoteOf } from './quote';
import {
  emptyFormValues,
  formFieldNames,
  hasInput,
  withEmptyDefaults,
  type EstimateFormValues,
} from './formValues';
import type { EstimateQuote } from './types';
import {
  estimateFormSchema,
  toEstimateRequest,
  type EstimateFormOutput,
} from './validation/estimateSchema';
import { useFollowDialog } from './useFollowDialog';
import styles from './EstimateForm.module.css';

export type EstimateFormProps = {
  dialogRef: RefObject<HTMLDialogElement | null>;
  titleId: string;
};

type Status =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'retryable'; reason: RetryReason }
  /** The server refused something the form has no field for. */
  | { kind: 'rejected'; messages: string[]; focusAlert: boolean }
  | { kind: 'done'; receiptId: string };

const fieldNames = formFieldNames();
const knownFields = new Set<string>(fieldNames);

// The schema also accepts absent optional fields (JSON drops them on the way to the server); the
// form holds all of them. Standard Schema, not valibotResolver: that one sets abortPipeEarly,
// which would skip the cross-field checks (validation/crossField.ts) while any vehicle field is
// invalid. Values come from the DOM, where an unchecked radio group is null: filled in first.
const schemaResolver = standardSchemaResolver(estimateFormSchema) as unknown as Resolver<
  EstimateFormValues,
  unknown,
  EstimateFormOutput
>;
const resolver: Resolver<EstimateFormValues, unknown, EstimateFormOutput> = (
  values,
  context,
  options,
) => schemaResolver(withEmptyDefaults(values), context, options);

// The lazy chunk's entry (React.lazy needs a default export).
export default function EstimateForm({ dialogRef, titleId }: EstimateFormProps) {
  const brand = useBrand();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const draftRef = useRef<EstimateDraft | null>(null);
  // No defaultValues: each field's value is read from the DOM as it registers (what was typed
  // before this code arrived), never written over.
  const form = useForm<EstimateFormValues, unknown, EstimateFormOutput>({
    resolver,
    mode: 'onBlur',
  });
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const [shownQuote, setShownQuote] = useState<EstimateQuote | undefined>(undefined);
  // A ref, not state: two clicks in one frame both run before a re-render could disable the button.
  const sendingRef = useRef(false);
  // Refs, not state: an open or a first keystroke re-renders nothing.
  const holdsInputRef = useRef(false);
  const doneRef = useRef(false);
  const { subscribe, getValues, setValue } = form;

  /** A new build's reload waits while the visitor has typed something or the dialog is open. */
  const markPending = useCallback(() => {
    const open = dialogRef.current?.open === true && !doneRef.current;
    setPendingInput(pendingInputKey, holdsInputRef.current || open);
  }, [dialogRef]);

  /**
   * Brings react-hook-form to what the controls show, where an opener wrote without events; a
   * stored draft's values fill the controls still empty.
   */
  const syncWithDom = useCallback(
    (stored?: EstimateFormValues) => {
      const element = formRef.current;
      if (!element) return;
      for (const name of fieldNames as FieldPath<EstimateFormValues>[]) {
        const shown = domValue(element, name);
        const kept: unknown = stored && get(stored, name);
        if ((shown === '' || shown === false) && kept) setValue(name, kept as never);
        // (An unchecked radio group is null to react-hook-form, '' in the DOM.)
        else if (shown !== undefined && shown !== (getValues(name) ?? '')) {
          setValue(name, shown as never);
        }
      }
    },
    [getValues, setValue],
  );

  // Takes over: a stored draft fills what is still empty, then every change is saved; the dialog
  // is laid out once in idle time, so the first open does not pay for a first layout. After
  // react-hook-form's own mount effect (declared first, so run first), which getValues needs.
  useEffect(() => {
    const takeOver = () => {
      const stored = loadDraft();
      const element = formRef.current;
      syncWithDom(stored?.values);
      const values = withEmptyDefaults(getValues());
      const entryPoint = entryPointOf(element);
      draftRef.current = stored
        ? { ...stored, values, entryPoint }
        : createDraft(values, entryPoint);
      if (hasInput(values)) saveDraft(draftRef.current);
      holdsInputRef.current = hasInput(values);
      markPending();
      setShownQuote(quoteOf(element));
    };
    takeOver();
    const cancelLayout = whenIdle(() => document.dispatchEvent(new Event(layOutEvent)));
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: () => {
        const current = withEmptyDefaults(getValues());
        const draft = draftRef.current ?? createDraft(current, entryPointOf(formRef.current));
        draftRef.current = { ...draft, values: current };
        saveDraft(draftRef.current);
        holdsInputRef.current = hasInput(current);
        markPending();
      },
    });
    return () => {
      cancelLayout();
      unsubscribe();
    };
    // Once, when the code takes over.
  }, [subscribe, getValues, syncWithDom, markPending]);

  // An open re-renders nothing, unless it shows a quote (the price check) or clears an old answer.
  const flushAfterOpen = useFollowDialog(dialogRef, {
    onOpen: () => {
      const element = formRef.current;
      const entryPoint = entryPointOf(element);
      if (draftRef.current) {
        draftRef.current = { ...draftRef.current, entryPoint };
        if (hasInput(draftRef.current.values)) saveDraft(draftRef.current);
      }
      pushEvent('estimate_open', { brand: brand.id, entry_point: entryPoint });
      markPending();
      const quote = quoteOf(element);
      startTransition(() => {
        setShownQuote(quote);
        setStatus((current) =>
          current.kind === 'sending' || current.kind === 'editing' ? current : { kind: 'editing' },
        );
      });
    },
    // The opener wrote its values into the controls (the first-paint script, without events).
    afterOpen: () => syncWithDom(),
    onClose: () => {
      markPending();
      setStatus((current) => (current.kind === 'done' ? { kind: 'editing' } : current));
    },
    // Escape while sending would hide the answer; the request ends within the 15 s timeout.
    mayCancel: () => !sendingRef.current,
    fallbackFocus: () => titleRef.current,
  });

  const done = status.kind === 'done';
  useEffect(() => {
    doneRef.current = done;
    markPending();
  }, [done, markPending]);
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
    const element = formRef.current;
    const entryPoint = entryPointOf(element);
    const eventParams = { brand: brand.id, entry_point: entryPoint };
    pushEvent('estimate_submit', eventParams);
    try {
      const quote = quoteOf(element);
      const base = draftRef.current ?? createDraft(withEmptyDefaults(getValues()), entryPoint);
      const draft = draftForSending({ ...base, entryPoint, ...(quote ? { quote } : {}) }, values);
      draftRef.current = draft;
      saveDraft(draft);
      const homepage = control(element, 'homepage')?.value ?? '';
      const body = {
        ...toEstimateRequest(values, {
          brand: brand.id,
          entryPoint,
          tracking: readTrackingData(),
          quote,
        }),
        // The honeypot: people never see it; a filled one marks the lead (the API decides).
        ...(homepage ? { homepage } : {}),
      };
      const result = await submitEstimate(body, draft.idempotencyKey);
      if (result.kind === 'success') {
        const { enhancedConversions } = trackingConfig[brand.id];
        pushEvent(
          'estimate_success',
          estimateSuccessParams({
            brand: brand.id,
            entryPoint,
            estimateId: result.id,
            customer: values.customer,
            enhancedConversions,
          }),
        );
        if (enhancedConversions) clearDataLayerKeys([userProvidedDataKey]);
        draftRef.current = createDraft(emptyFormValues(), entryPoint);
        form.reset(emptyFormValues());
        clearDraft();
        holdsInputRef.current = false;
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
    flushAfterOpen();
    return form.handleSubmit(send)(event);
  }

  function showServerErrors(errors: Record<string, string>) {
    const unknown: string[] = [];
    let focused = false;
    for (const [field, message] of Object.entries(errors)) {
      if (knownFields.has(field)) {
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

  // From here this code sends the form; a submit held while it loaded is sent now, once.
  const sendHeld = useEffectEvent(() => void form.handleSubmit(send)());
  useEffect(() => {
    const element = formRef.current;
    if (!element) return;
    const held = element.getAttribute(formStateAttribute) === 'held';
    element.setAttribute(formStateAttribute, 'enhanced');
    element.noValidate = true;
    if (held) sendHeld();
  }, [done]);

  function close() {
    dialogRef.current?.close();
  }

  return (
    <>
      <div className={styles.header}>
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.title}>
          {done ? 'お見積もり依頼を受け付けました' : '無料お見積もり依頼'}
        </h2>
        <button
          type="button"
          className={styles.closeButton}
          {...closeEstimateCommand}
          onClick={close}
          disabled={sending}
        >
          閉じる
        </button>
      </div>
      <div className={styles.body}>
        {status.kind === 'done' ? (
          <EstimateComplete receiptId={status.receiptId} phone={brand.phone} onClose={close} />
        ) : (
          <FormProvider {...form}>
            <form
              ref={formRef}
              method="post"
              action={estimatesUrl}
              onSubmit={onSubmit}
              className={styles.form}
            >
              <p className={styles.intro}>
                {brand.name}
                の車検お見積もりは無料です。ご入力いただいた内容をもとに、担当者よりご連絡いたします。
              </p>
              {shownQuote && <QuoteNote quote={shownQuote} />}
              <HiddenFields brand={brand.id} />
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
                {sending ? (
                  '送信中…'
                ) : (
                  <>
                    {/* The first-paint script holds a submit made before this code arrives. */}
                    <span className={styles.readyLabel}>この内容で見積もりを依頼する</span>
                    <span className={styles.heldLabel}>送信準備中…</span>
                  </>
                )}
              </button>
            </form>
          </FormProvider>
        )}
      </div>
    </>
  );
}
