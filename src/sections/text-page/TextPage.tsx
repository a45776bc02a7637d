import type { ReactNode } from 'react';
import { telHref } from '../../brand/brands';
import { useBrand } from '../../brand/useBrand';
import { japaneseDay } from '../../lib/plainFormats';
import type { TextPageContent } from '../../content/types';
import styles from './TextPage.module.css';

/** Terms, legal notice and privacy policy: a heading, the revision date, headed sections. */
export function TextPage({ page }: { page: TextPageContent }) {
  const { phone } = useBrand();
  return (
    <article className={styles.textPage}>
      <h1 className={styles.heading}>{page.heading}</h1>
      <p className={styles.updated}>
        最終更新日：<time dateTime={page.updatedAt}>{japaneseDay(page.updatedAt)}</time>
      </p>
      {page.intro ? <p className={styles.intro}>{page.intro}</p> : null}
      {page.sections.map((section) => (
        <section key={section.heading} id={section.id} className={styles.section}>
          <h2 className={styles.sectionHeading}>{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {withPhoneLinks(paragraph, phone)}
            </p>
          ))}
          {section.list ? (
            <ul className={styles.list}>
              {section.list.map((item) => (
                <li key={item}>{withPhoneLinks(item, phone)}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}

/**
 * The text with each occurrence of the brand's phone number as a tel: link (the number is a
 * link everywhere it appears). Plain text in, React nodes out: nothing is parsed as HTML.
 */
function withPhoneLinks(text: string, phone: string): ReactNode {
  const parts = text.split(phone);
  if (parts.length === 1) return text;
  return parts.flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <a key={index} href={telHref(phone)} data-phone-link="text-page">
            {phone}
          </a>,
          part,
        ],
  );
}
