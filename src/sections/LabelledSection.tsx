import { useId, type ReactNode } from 'react';

type LabelledSectionProps = {
  /** The `data-section` value: analytics, e2e and the section map in docs/ read it. */
  section: string;
  /** The anchor the site menu links to, for sections it lists. */
  id?: string;
  /** The heading, and the paragraph under it if the section has one. */
  copy: { heading: string; lead?: string };
  /** The section's root class. */
  className: string | undefined;
  /** The section's CSS module: its `heading` and `lead` classes style those two. */
  styles: { readonly heading?: string; readonly lead?: string };
  children: ReactNode;
};

/**
 * The shell of a landing section: a <section> named by its <h2> (aria-labelledby), with an
 * optional lead paragraph; each section brings its own body and styles.
 */
export function LabelledSection({
  section,
  id,
  copy,
  className,
  styles,
  children,
}: LabelledSectionProps) {
  const headingId = useId();
  return (
    <section id={id} data-section={section} className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {copy.heading}
      </h2>
      {copy.lead === undefined ? null : <p className={styles.lead}>{copy.lead}</p>}
      {children}
    </section>
  );
}
