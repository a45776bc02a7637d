// The form's code: a lazy chunk that hydrates the form already in the page (decision 007).
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
import { FormProvider, useForm } from 'react-hook-form';
// (The bundler lays the chunk's modules out in this order; this one compresses ~110 B better.)
import { useBrand } from '../brand/useBrand';
import { setPendingInput } from '../lib/pendingInput';
import { whenIdle } from '../lib/whenIdle';
import { reportEstimate, reportOutcome } from './estimateEvents';
import { sendEstimate } from './send';
import type { RetryReason } from './api';
import { estimatesUrl } from './endpoint';
import { closeEstimateCommand, formStateAttribute, layOutEvent } from './dialog';
import { pendingInputKey } from './draft';
import { useEstimateDraft } from './useEstimateDraft';
import { completeTitle, EstimateComplete, type Booked } from './EstimateComplete';
import { createBookingStep } from './bookingStep';
import { EstimateFields, HiddenFields } from './EstimateFields';
import { ErrorSummary, RequiredLeft } from './ErrorSummary';
import { useFormAids } from './useFormAids';
import { QuoteNote, RejectedAlert, RetryAlert } from './EstimateNotices';
import { control, entryPointOf } from './formDom';
import { showServerErrors, syncWithDom } from './formSync';
import {
  emptyFormValues,
  hasInput,
  withEmptyDefaults,
  type EstimateFormValues,
} from './contract/formValues';
import { quoteOf } from './quote';
import type { EstimateQuote } from './contract/validation/estimateSchema';
import type { EstimateFormOutput } from './contract/validation/estimateSchema';
import { resolver } from './formResolver';
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
  | { kind: 'done'; receiptId: string; booked: Booked | undefined };

// The lazy chunk's entry (React.lazy needs a default export).
export default function EstimateForm({ dialogRef, titleId }: EstimateFormProps) {
  const brand = useBrand();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const draft = useEstimateDraft();
  // No defaultValues: values are read from the DOM as fields register, so nothing typed is reset.
  const form = useForm<EstimateFormValues, unknown, EstimateFormOutput>({
    resolver,
    mode: 'onBlur',
    shouldFocusError: false,
  });
  const [status, setStatus] = useState<Status>({ kind: 'editing' });
  const [booking] = useState(createBookingStep);
  const [shownQuote, setShownQuote] = useState<EstimateQuote | undefined>(undefined);
  // A ref, not state: two clicks in one frame both run before a re-render could disable the button.
  const sendingRef = useRef(false);
  // A ref, not state: an open or a first keystroke re-renders nothing.
  const holdsInputRef = useRef(false);
  const { subscribe, getValues, setValue } = form;
  const done = status.kind === 'done';

  /** A new build's reload waits while the visitor has typed or the form shows. */
  const markPending = useCallback(() => {
    const formShown = dialogRef.current?.open === true && formRef.current !== null;
    setPendingInput(pendingInputKey, holdsInputRef.current || formShown);
  }, [dialogRef]);
  useEffect(() => markPending(), [done, markPending]);
  useEffect(() => () => setPendingInput(pendingInputKey, false), []);

  const keep = useCallback(
    (values: EstimateFormValues) => {
      draft.keep(values);
      holdsInputRef.current = hasInput(values);
      markPending();
    },
    [draft, markPending],
  );

  // After react-hook-form's own mount effect (declared first, so run first), which getValues needs.
  useEffect(() => {
    const element = formRef.current;
    const values = draft.takeOver((stored) => {
      if (element) syncWithDom(element, { getValues, setValue }, stored);
      return withEmptyDefaults(getValues());
    });
    holdsInputRef.current = hasInput(values);
    markPending();
    setShownQuote(quoteOf(element));
    const cancelLayout = whenIdle(() => document.dispatchEvent(new Event(layOutEvent)));
    const unsubscribe = subscribe({
      formState: { values: true },
      callback: () => keep(withEmptyDefaults(getValues())),
    });
    return () => {
      cancelLayout();
      unsubscribe();
    };
    // Once, when the code takes over.
  }, [draft, subscribe, getValues, setValue, keep, markPending]);
  const aids = useFormAids(formRef, form, brand.id, holdsInputRef);

  // An open re-renders nothing, unless it shows a quote (the price check) or clears an old answer.
  const flushAfterOpen = useFollowDialog(dialogRef, {
    onOpen: () => {
      const element = formRef.current;
      reportEstimate('estimate_open', { brand: brand.id, entryPoint: entryPointOf(element) });
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
    afterOpen: () => {
      if (formRef.current) syncWithDom(formRef.current, { getValues, setValue });
    },
    onClose: () => {
      markPending();
      setStatus((current) => (current.kind === 'done' ? { kind: 'editing' } : current));
    },
    // Escape while sending would hide the answer; the request ends within the 15 s timeout.
    mayCancel: () => !sendingRef.current,
    fallbackFocus: () => titleRef.current,
  });

  const retryRef = useRef<HTMLButtonElement>(null);
  const rejectedRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Keep focus in the dialog, on what changed: the submit button is gone or was disabled. The
    // receipt starts at the top, where the 受付番号 is, not where the submit button was.
    if (status.kind === 'done') {
      if (bodyRef.current) bodyRef.current.scrollTop = 0;
      titleRef.current?.focus();
    } else if (status.kind === 'retryable') retryRef.current?.focus();
    else if (status.kind === 'rejected' && status.focusAlert) rejectedRef.current?.focus();
  }, [status]);

  const sending = status.kind === 'sending';

  async function send(values: EstimateFormOutput) {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setStatus({ kind: 'sending' });
    const element = formRef.current;
    const context = { brand: brand.id, entryPoint: entryPointOf(element) };
    reportEstimate('estimate_submit', context);
    const outcome = await sendEstimate(
      values,
      { ...context, quote: quoteOf(element), booking: booking.request() },
      control(element, 'homepage')?.value ?? '',
      (body, renew) => draft.keyFor(body, withEmptyDefaults(getValues()), renew),
    );
    reportOutcome(context, outcome, values.customer, values.adConsent);
    if (outcome.kind === 'accepted') {
      aids.sent();
      form.reset(emptyFormValues());
      draft.clear();
      holdsInputRef.current = false;
      setShownQuote(undefined);
      const place = booking.get().chosen?.shop;
      booking.clear();
      const booked = outcome.booking && { ...outcome.booking, place };
      setStatus({ kind: 'done', receiptId: outcome.id, booked });
    } else if (outcome.kind === 'retryable') {
      setStatus({ kind: 'retryable', reason: outcome.reason });
    } else if (outcome.kind === 'slot-taken') {
      // Nothing was stored: every entry stays, the step offers the nearest free slots.
      const { message, alternatives } = outcome;
      booking.refuse({ message, alternatives, focus: true });
      setStatus({ kind: 'editing' });
    } else {
      const { booking: refused, ...errors } = outcome.errors;
      const { unknown, focused } = showServerErrors(errors, form.setError);
      if (refused) booking.refuse({ message: refused, alternatives: null, focus: !focused });
      // A field the server named takes the focus; only without one does an alert take it.
      setStatus(
        unknown.length > 0
          ? { kind: 'rejected', messages: unknown, focusAlert: !focused && !refused }
          : { kind: 'editing' },
      );
    }
    sendingRef.current = false;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    flushAfterOpen();
    return form.handleSubmit(send)(event);
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
          {status.kind === 'done' ? completeTitle(status.booked) : '無料お見積もり依頼'}
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
      <div ref={bodyRef} className={styles.body}>
        {status.kind === 'done' ? (
          <EstimateComplete
            receiptId={status.receiptId}
            brand={brand}
            booked={status.booked}
            onClose={close}
          />
        ) : (
          <FormProvider {...form}>
            <form
              ref={formRef}
              method="post"
              action={estimatesUrl}
              onSubmit={onSubmit}
              className={styles.form}
            >
              {/* One slot with the intro: the fields' ids (useId) stay as they were. */}
              <>
                <ErrorSummary />
                <p className={styles.intro}>
                  {brand.name}
                  の車検お見積もりは無料です。ご入力いただいた内容をもとに、担当者よりご連絡いたします。
                </p>
              </>
              {shownQuote && <QuoteNote quote={shownQuote} />}
              <HiddenFields brand={brand.id} />
              <EstimateFields booking={booking} />
              {status.kind === 'retryable' && (
                <RetryAlert ref={retryRef} reason={status.reason} phone={brand.phone} />
              )}
              {status.kind === 'rejected' && (
                <RejectedAlert ref={rejectedRef} phone={brand.phone} messages={status.messages} />
              )}
              <RequiredLeft left={aids.left} />
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
