// The estimate dialog, closed in the page's HTML from the start; the form's code hydrates it from
// a lazy chunk, or the form stays a plain HTML form that posts natively (decision 007).
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
    document.dispatchEvent(new Event(nativePostEvent));
    return new Promise<FormModule>(() => {});
  } finally {
    setFetchingFormCode(false);
  }
}

function settled(module: FormModule): Promise<FormModule> {
  return {
    then: (resolve: (value: FormModule) => unknown) => resolve(module),
  } as Promise<FormModule>;
}

const EstimateForm = lazy(() => (loaded ? settled(loaded) : loadForm()));

export async function preloadEstimateForm(): Promise<void> {
  request();
  loaded = await import('./EstimateForm');
}

function requestOnInteraction(event: Event): void {
  const target = event.target;
  if (
    target instanceof Element &&
    target.closest(`#${estimateDialogId}, [${openerAttribute}], [${formAttribute}]`)
  ) {
    request();
  }
}

// Memoised, with no props: React renders an update reaching a dehydrated boundary afresh, which
// would replace the typed-in form with the fallback before the code has hydrated it.
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
