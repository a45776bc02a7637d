/**
 * Provides the estimate opener to the page. The modal (and react-hook-form, zod, axios with it)
 * is a separate chunk: fetched in idle time after hydration, or at the latest when a visitor
 * points at or focuses an opener, so the first open rarely waits for it. When it does, the tap
 * still gets a dialog on the next frame (EstimateShell: the form is loading); when the code
 * cannot load, that dialog says so, with the phone number and a retry. When not even the shell's
 * code loads, a bare dialog of this file's own says the same: a tap is never left unanswered.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { telHref } from '../brand/brands';
import { useBrand } from '../brand/useBrand';
import { setPendingInput } from '../lib/pendingInput';
import { whenIdle } from '../lib/whenIdle';
import { EstimateOpenerContext } from './EstimateContext';
import type { EstimateModalProps } from './EstimateModal';
import type { EstimateShellProps } from './EstimateShell';
import {
  clearReopen,
  formAttribute,
  hasEarlyOpen,
  openerAttribute,
  rememberReopen,
} from './openers';
import type { OpenEstimateOptions } from './types';

type ModalComponent = ComponentType<EstimateModalProps>;
type ShellComponent = ComponentType<EstimateShellProps>;

let modalLoad: Promise<ModalComponent> | null = null;
/** True while only a prefetch waits for the modal code (no visitor asked for it yet). */
let prefetchOnly = false;

/**
 * The modal's code, requested once and shared; a failed request is forgotten so the next call
 * tries again. Vite's preload helper reports a failure as `vite:preloadError`, which reloads the
 * page (src/build-version/chunkFailure.ts); a prefetch nobody waits for must not do that.
 */
function loadModal(): Promise<ModalComponent> {
  // Not `import(…).then(…)`: Vite would wrap the handlers in its preload helper, which turns a
  // failure it reloads for into `undefined`.
  if (modalLoad) return modalLoad;
  const imported = import('./EstimateModal');
  modalLoad = imported.then(
    (module) => {
      // Undefined when the failure handler already started the guarded reload.
      if (!module?.default) throw new Error('the estimate modal did not load');
      return module.default;
    },
    (error: unknown) => {
      modalLoad = null;
      throw error;
    },
  );
  return modalLoad;
}

/** Requests the modal's code ahead of need; a failure is quiet, the next open tries again. */
function prefetchModal(): Promise<ModalComponent> {
  if (modalLoad) return modalLoad;
  prefetchOnly = true;
  const loading = loadModal();
  const done = () => (prefetchOnly = false);
  loading.then(done, done);
  return loading;
}

function quietPrefetchFailure(event: Event): void {
  if (prefetchOnly) event.stopImmediatePropagation();
}

// Registered when this module loads, before the app installs its chunk-failure handler
// (src/entry-client.tsx): listeners run in the order they were added, so this one can keep a
// lone prefetch's failure from reloading the page.
if (typeof window !== 'undefined') {
  window.addEventListener('vite:preloadError', quietPrefetchFailure);
}

type ModalState = {
  open: boolean;
  options: OpenEstimateOptions;
  /** Where the modal renders, looked up when opened (the page's placeholder may come later). */
  container: Element;
};

type LoadState =
  { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; Modal: ModalComponent };

/** Saves a simple form's values as the draft, so a reload of a failed chunk load keeps them. */
async function saveOpeningDraft(options: OpenEstimateOptions): Promise<void> {
  if (!options.prefill && !options.quote) return;
  try {
    const [{ loadDraft, saveDraft }, { openDraft }] = await Promise.all([
      import('./draft'),
      import('./draftRules'),
    ]);
    saveDraft(openDraft(loadDraft(), options.entryPoint, options.prefill, options.quote));
  } catch {
    // The reopen kept by rememberReopen still carries the values.
  }
}

/** Where the modal renders, looked up when needed (the page's placeholder may come later). */
function slot(): Element {
  return document.querySelector('[data-section="estimate-modal"]') ?? document.body;
}

/** The options of the modal mounted closed in idle time; an open brings its own. */
const idleOptions: OpenEstimateOptions = { entryPoint: 'header' };

export function EstimateProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<ModalState | null>(null);
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [Shell, setShell] = useState<ShellComponent | null>(null);
  /** The shell's code is here: a failed load of it is retried with the modal's. */
  const shellRef = useRef(false);
  /** The modal's code is here: an open needs no reopen nor draft first. */
  const readyRef = useRef(false);

  const ready = useCallback((Modal: ModalComponent) => {
    readyRef.current = true;
    clearReopen();
    setLoad((current) => (current.kind === 'ready' ? current : { kind: 'ready', Modal }));
  }, []);

  const requestShell = useCallback(() => {
    import('./EstimateShell')
      .then((module) => {
        shellRef.current = true;
        setShell(() => module.default);
      })
      .catch(() => {});
  }, []);

  const requestModal = useCallback(() => {
    if (!shellRef.current) requestShell();
    setLoad((current) => (current.kind === 'ready' ? current : { kind: 'loading' }));
    prefetchOnly = false;
    loadModal().then(ready, (error: unknown) => {
      console.error('[estimate] the modal failed to load', error);
      setLoad({ kind: 'failed' });
    });
  }, [ready, requestShell]);

  const openEstimate = useCallback(
    (options: OpenEstimateOptions) => {
      setModal({ open: true, options, container: slot() });
      if (readyRef.current) return;
      // Until the code is here, what was typed lives in storage: a failed load reloads the page.
      rememberReopen(options);
      void saveOpeningDraft(options).then(requestModal);
    },
    [requestModal],
  );

  const close = useCallback(() => {
    clearReopen();
    setModal((current) => (current ? { ...current, open: false } : current));
  }, []);

  const closeShell = useCallback(() => {
    clearReopen();
    setModal(null);
  }, []);

  useEffect(() => {
    // The shell first: tiny, and needed by any tap that comes before the modal's code.
    requestShell();
    // A tap before the app ran, a native GET's values or an open cut short by a reload.
    if (hasEarlyOpen()) {
      import('./earlyOpen')
        .then(({ takeEarlyOpen }) => {
          const early = takeEarlyOpen();
          if (early) openEstimate(early);
        })
        .catch(() => {});
    }
    const prefetch = () => prefetchModal().then(ready, () => {});
    const onIntent = (event: Event) => {
      const target = event.target;
      if (target instanceof Element && target.closest(`[${openerAttribute}], [${formAttribute}]`)) {
        void prefetch();
      }
    };
    document.addEventListener('pointerdown', onIntent, { capture: true, passive: true });
    document.addEventListener('focusin', onIntent, { capture: true, passive: true });
    // A draft restored after a reload still holds input: a new build's reload must wait for it
    // (the modal, once open, keeps this flag up to date). Then the modal's own code, so the
    // first tap does not wait for it.
    const cancelIdle = whenIdle(() => {
      Promise.all([import('./draft'), import('./formValues')])
        .then(([{ loadDraft, pendingInputKey }, { hasInput }]) => {
          const draft = loadDraft();
          if (draft && hasInput(draft.values)) setPendingInput(pendingInputKey, true);
        })
        .catch(() => {});
      // Mounted closed, so the first open only shows it: what a repeat open costs.
      void prefetch().then(() =>
        setModal((current) => current ?? { open: false, options: idleOptions, container: slot() }),
      );
    });
    return () => {
      cancelIdle();
      document.removeEventListener('pointerdown', onIntent, { capture: true });
      document.removeEventListener('focusin', onIntent, { capture: true });
    };
  }, [openEstimate, ready, requestShell]);

  let content: ReactNode = null;
  if (modal && load.kind === 'ready') {
    const { Modal } = load;
    content = (
      <Modal
        open={modal.open}
        entryPoint={modal.options.entryPoint}
        prefill={modal.options.prefill}
        quote={modal.options.quote}
        onClose={close}
      />
    );
  } else if (modal?.open && Shell) {
    content = <Shell failed={load.kind === 'failed'} onRetry={requestModal} onClose={closeShell} />;
  } else if (modal?.open && load.kind === 'failed') {
    content = <LoadFailed onRetry={requestModal} onClose={closeShell} />;
  }

  return (
    <EstimateOpenerContext.Provider value={openEstimate}>
      {children}
      {modal && content && createPortal(content, modal.container)}
    </EstimateOpenerContext.Provider>
  );
}

/** The shell's failure message, for when the shell's own code could not load either. */
function LoadFailed({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { phone } = useBrand();
  const dialogRef = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={dialogRef} aria-labelledby="estimate-load-failed" onClose={onClose}>
      <p id="estimate-load-failed" role="alert">
        フォームを読み込めませんでした。もう一度お試しいただくか、お電話ください：
        <a href={telHref(phone)} data-phone-link="estimate-load-error">
          {phone}
        </a>
      </p>
      <button type="button" onClick={onRetry}>
        もう一度読み込む
      </button>{' '}
      <button type="button" onClick={() => dialogRef.current?.close()}>
        閉じる
      </button>
    </dialog>
  );
}
