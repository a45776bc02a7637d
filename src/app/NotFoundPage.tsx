import { Link } from 'react-router-dom';
import styles from './ErrorPages.module.css';

/** The spec's not-found page. */
export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={styles.title}>
        ページが見つかりませんでした。
      </h1>
      <p className={styles.text}>
        お探しのページは一時的にアクセスできない状況にあるか、削除された、または掲載期間が終了した可能性があります。
      </p>
      <Link to="/" className={styles.button}>
        TOPページへ戻る
      </Link>
    </section>
  );
}
