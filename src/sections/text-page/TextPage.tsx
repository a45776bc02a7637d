import { formatJapaneseDate } from '../../content/priceRows';
import type { TextPageContent } from '../../content/types';
import styles from './TextPage.module.css';

/** Terms, legal notice and privacy policy: a heading, the revision date, headed sections. */
export function TextPage({ page }: { page: TextPageContent }) {
  return (
    <article className={styles.textPage}>
      <h1 className={styles.heading}>{page.heading}</h1>
      <p className={styles.updated}>
        最終更新日：<time dateTime={page.updatedAt}>{formatJapaneseDate(page.updatedAt)}</time>
      </p>
      {page.intro ? <p className={styles.intro}>{page.intro}</p> : null}
      {page.sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2 className={styles.sectionHeading}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
          {section.list ? (
            <ul className={styles.list}>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
