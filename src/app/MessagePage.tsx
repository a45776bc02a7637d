import type { ReactNode } from 'react';
import styles from './ErrorPages.module.css';

/** A page that says one thing and offers one way on: the error and not-found pages. */
export function MessagePage({
  titleId,
  title,
  text,
  action,
  note,
}: {
  /** The <h1>'s id, which names the section (aria-labelledby). */
  titleId: string;
  title: string;
  text: string;
  /** The way on; styled with `messagePageActionClass`. */
  action: ReactNode;
  note?: ReactNode;
}) {
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>{text}</p>
      {action}
      {note && <p className={styles.text}>{note}</p>}
    </section>
  );
}

/** The class of a message page's action, a link or a button. */
export const messagePageActionClass = styles.button;
