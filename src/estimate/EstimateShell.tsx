/**
 * The estimate dialog while the modal's code is on its way, or when it cannot load: a short
 * message with the phone number and a retry. A chunk of its own, loaded right after hydration
 * (EstimateProvider), so it is there before the modal's code and outside the first view.
 */
import { useLayoutEffect, useRef } from 'react';
import { telHref } from '../brand/brands';
import { useBrand } from '../brand/useBrand';
import styles from './EstimateModal.module.css';

export type EstimateShellProps = {
  failed: boolean;
  onRetry: () => void;
  onClose: () => void;
};

/**
 * The dialog while the modal's code is on its way, painted in the frame after the tap; if the
 * code cannot load, a short message with the phone number and a retry.
 */
function EstimateShell({ failed, onRetry, onClose }: EstimateShellProps) {
  const brand = useBrand();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const replacedRef = useRef(false);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    replacedRef.current = false;
    if (!dialog.open) dialog.showModal();
    // Closed (not just removed) when the modal replaces it, so focus goes back to the opener
    // and the modal's own dialog returns it there in turn. That close is not the visitor's.
    return () => {
      replacedRef.current = true;
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby="estimate-shell-title"
      aria-busy={failed ? undefined : true}
      onClose={() => {
        if (!replacedRef.current) onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id="estimate-shell-title" className={styles.title}>
          無料お見積もり依頼
        </h2>
        <button
          type="button"
          className={styles.closeButton}
          onClick={() => dialogRef.current?.close()}
        >
          閉じる
        </button>
      </div>
      <div className={styles.body}>
        {failed ? (
          <div role="alert" className={styles.alert}>
            <p>
              フォームを読み込めませんでした。もう一度お試しいただくか、お電話ください：
              <a href={telHref(brand.phone)} data-phone-link="estimate-load-error">
                {brand.phone}
              </a>
            </p>
            <button type="button" className={styles.retry} onClick={onRetry}>
              もう一度読み込む
            </button>
          </div>
        ) : (
          <p role="status">読み込み中…</p>
        )}
      </div>
    </dialog>
  );
}

export default EstimateShell;
