import { Fragment, type ReactNode } from 'react';
import { telHref } from '../../brand/brands';
import { useBrand } from '../../brand/useBrand';
import { japaneseDay } from '../../lib/plainFormats';
import type { TextPageContent } from '../../content/types';
import { phrases } from '../phrases';
import styles from './TextPage.module.css';

/** Terms, legal notice and privacy policy: a heading, the revision date, headed sections. */
export function TextPage({ page }: { page: TextPageContent }) {
  const { phone } = useBrand();
  return (
    <article className={styles.textPage}>
      <h1 className={styles.heading}>{phrases(page.heading)}</h1>
      <p className={styles.updated}>
        最終更新日：<time dateTime={page.updatedAt}>{japaneseDay(page.updatedAt)}</time>
      </p>
      {page.intro ? <p className={styles.intro}>{phrases(page.intro)}</p> : null}
      {page.sections.map((section) => (
        <section key={section.heading} id={section.id} className={styles.section}>
          <h2 className={styles.sectionHeading}>{phrases(section.heading)}</h2>
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

// The brand's phone number is a tel: link everywhere it appears, phrase marks become <wbr>. Plain
// text in, React nodes out: nothing is parsed as HTML.
function withPhoneLinks(text: string, phone: string): ReactNode {
  // The page data marks no phrase break inside the number (src/content/phraseBreaks.server.ts).
  return text.split(phone).map((part, index) => (
    <Fragment key={index}>
      {index ? (
        <a href={telHref(phone)} data-phone-link="text-page">
          {phone}
        </a>
      ) : null}
      {phrases(part)}
    </Fragment>
  ));
}
