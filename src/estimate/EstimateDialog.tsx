/**
 * The estimate dialog, in the landing page's HTML from the start (closed): every opener shows it
 * at once through `commandfor` or the first-paint script, and its prerendered form can be typed
 * into and even posted natively before any script. The form's code (react-hook-form, valibot)
 * is a lazy component under <Suspense>: React keeps the server HTML of the boundary, with
 * everything typed into it, until the code arrives, then hydrates the same elements
 * (docs/decisions/007-estimate-form-in-the-page.md). The code is requested in idle time, or at the
 * first interaction with the dialog or an opener, whichever comes first. If it cannot load, the
 * form stays the plain HTML form it already is and posts natively, a held submit included.
 */
import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { whenIdle } from '../lib/whenIdle';
import { setFetchingFormCode } from './formCodeFailure';
import {
  estimateDialogId,
  estimateOpenEvent,
  formAttribute,
  formStateAttribute,
  nativePostEvent,
  openerAttribute,
} from './dialog';
import type { EstimateFormProps } from './EstimateForm';
import styles from './EstimateDialog.module.css';

type FormModule = { default: ComponentType<EstimateFormProps> };

let loaded: FormModule | undefined;
let request: () => void = () => {};
const requested = new Promise<void>((resolve) => {
  request = resolve;
});

async function loadForm(): Promise<FormModule> {
  await requested;
  setFetchingFormCode(true);
  try {
    // Undefined when a failure handler cancelled Vite's rethrow.
    const module: FormModule | undefined = await import('./EstimateForm');
    if (!module?.default) throw new Error('no module');
    loaded = module;
    return module;
  } catch (error) {
    console.warn('[estimate] form code not loaded: posting natively', error);
    // The first-paint script leaves the form to the browser and posts a held submit.
    document.dispatchEvent(new Event(nativePostEvent));
    // Never settles: the server HTML stays in place as a plain form.
    return new Promise<FormModule>(() => {});
  } finally {
    setFetchingFormCode(false);
  }
}

/** An already settled thenable: React's lazy() renders its value synchronously. */
function settled(module: FormModule): Promise<FormModule> {
  return {
    then: (resolve: (value: FormModule) => unknown) => resolve(module),
  } as Promise<FormModule>;
}

const EstimateForm = lazy(() => (loaded ? settled(loaded) : loadForm()));

/** Loads the form's code before a render that cannot wait for it (the prerender). */
export async function preloadEstimateForm(): Promise<void> {
  request();
  loaded = await import('./EstimateForm');
}

/** Asks for the form's code now (first interaction), instead of in idle time. */
function requestOnInteraction(event: Event): void {
  const target = event.target;
  if (
    target instanceof Element &&
    target.closest(`#${estimateDialogId}, [${openerAttribute}], [${formAttribute}]`)
  ) {
    request();
  }
}

/**
 * Memoised, and with no props: a re-render of the page (business hours, the campaign) must not
 * reach the boundary before its code has hydrated it. React answers an update to a dehydrated
 * boundary by rendering it afresh on the client, which would replace the typed-in form with the
 * fallback.
 */
export const EstimateDialog = memo(function EstimateDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const events = ['pointerdown', 'focusin', 'keydown', 'submit'] as const;
    for (const type of events) {
      document.addEventListener(type, requestOnInteraction, { capture: true, passive: true });
    }
    const dialog = dialogRef.current;
    dialog?.addEventListener(estimateOpenEvent, request);
    // Opened or held before the app ran: the visitor is waiting for it.
    const form = dialog?.querySelector('form');
    if (dialog?.open || form?.getAttribute(formStateAttribute) === 'held') request();
    const cancelIdle = whenIdle(request);
    return () => {
      cancelIdle();
      dialog?.removeEventListener(estimateOpenEvent, request);
      for (const type of events) {
        document.removeEventListener(type, requestOnInteraction, { capture: true });
      }
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      id={estimateDialogId}
      className={styles.dialog}
      aria-labelledby={`${estimateDialogId}-title`}
    >
      <Suspense fallback={<p className={styles.loading}>読み込み中…</p>}>
        <EstimateForm dialogRef={dialogRef} titleId={`${estimateDialogId}-title`} />
      </Suspense>
    </dialog>
  );
});
