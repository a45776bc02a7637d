import styles from './ErrorPages.module.css';

/** The global error page: shown for errors other than 404, never to bots. */
export function ErrorPage() {
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <h1 id="error-title" className={styles.title}>
        ページを表示できませんでした。
      </h1>
      <p className={styles.text}>
        通信状況の影響などで、ページの一部を読み込めませんでした。お手数ですが、ページを再読み込みしてください。
      </p>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        ページを再読み込み
      </button>
    </section>
  );
}
