import { useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useBrand } from '../../brand/useBrand';
import { useHydrated } from '../useHydrated';
import styles from './SiteMenu.module.css';

/** Plain `/#target` anchors, so they work from text pages and without JavaScript. */
export function SiteMenu() {
  const brand = useBrand();
  const items = brand.menu;
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector('a')?.focus();
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [open]);

  // Tabbing out of the open drawer closes it, so it never sits over content the visitor is in.
  function handleBlur(event: FocusEvent<HTMLElement>) {
    if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  }

  return (
    <nav
      aria-label="メニュー"
      className={`${styles.menu} ${hydrated ? styles.enhanced : ''}`}
      data-open={open ? 'true' : undefined}
      onBlur={handleBlur}
    >
      {hydrated ? (
        <button
          ref={buttonRef}
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={styles.bars} aria-hidden="true" />
          <span className={styles.toggleLabel}>{open ? '閉じる' : 'メニュー'}</span>
        </button>
      ) : null}
      <ul ref={listRef} id={listId} className={styles.list}>
        {items.map((item) => (
          <li key={item.target}>
            <a className={styles.link} href={`/#${item.target}`} onClick={() => setOpen(false)}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
