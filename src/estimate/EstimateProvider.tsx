/**
 * Provides the estimate opener to the page. The modal (and react-hook-form, zod, axios with it)
 * is a separate chunk, fetched the first time a visitor opens it.
 */
import { Component, lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { setPendingInput } from '../lib/pendingInput';
import { whenIdle } from '../lib/whenIdle';
import { EstimateOpenerContext } from './EstimateContext';
import type { OpenEstimateOptions } from './types';

const loadModal = () => import('./EstimateModal');

type ModalState = {
  open: boolean;
  options: OpenEstimateOptions;
  /** Where the modal renders, looked up when opened (the page's placeholder may come later). */
  container: Element;
};

/**
 * Keeps a failed chunk load from taking the page down: the modal just does not show, the
 * version module's chunk-error handling reloads, and the draft survives that reload.
 */
class ModalLoadBoundary extends Component<
  { onError: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[estimate] the modal failed to load', error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function EstimateProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<ModalState | null>(null);
  // React.lazy remembers a rejected import; a fresh one lets the next click try again.
  const [attempt, setAttempt] = useState(0);
  const [LazyModal, setLazyModal] = useState(() => lazy(loadModal));

  const openEstimate = useCallback((options: OpenEstimateOptions) => {
    const container = document.querySelector('[data-section="estimate-modal"]') ?? document.body;
    setModal({ open: true, options, container });
  }, []);

  const close = useCallback(() => {
    setModal((current) => (current ? { ...current, open: false } : current));
  }, []);

  const onLoadError = useCallback(() => {
    setModal(null);
    setLazyModal(() => lazy(loadModal));
    setAttempt((n) => n + 1);
  }, []);

  useEffect(
    () =>
      // A draft restored after a reload still holds input: a new build's reload must wait for it
      // (the modal, once open, keeps this flag up to date). The draft code is not needed for the
      // first view, so it loads in idle time; the version poller starts no earlier.
      whenIdle(() => {
        Promise.all([import('./draft'), import('./formValues')])
          .then(([{ loadDraft, pendingInputKey }, { hasInput }]) => {
            const draft = loadDraft();
            if (draft && hasInput(draft.values)) setPendingInput(pendingInputKey, true);
          })
          .catch(() => {});
      }),
    [],
  );

  return (
    <EstimateOpenerContext.Provider value={openEstimate}>
      {children}
      {modal &&
        createPortal(
          <ModalLoadBoundary key={attempt} onError={onLoadError}>
            <Suspense fallback={null}>
              <LazyModal
                open={modal.open}
                entryPoint={modal.options.entryPoint}
                prefill={modal.options.prefill}
                quote={modal.options.quote}
                onClose={close}
              />
            </Suspense>
          </ModalLoadBoundary>,
          modal.container,
        )}
    </EstimateOpenerContext.Provider>
  );
}
