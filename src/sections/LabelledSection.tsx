import { useId, type ReactNode } from 'react';
import { phrases } from './phrases';

type LabelledSectionProps = {
  /** Analytics, e2e and the section map in docs/ read it. */
  section: string;
  /** The site menu's anchor. */
  id?: string;
  copy: { heading: string; lead?: string };
  className: string | undefined;
  styles: { readonly heading?: string; readonly lead?: string };
  children: ReactNode;
};

/** A <section> named by its <h2>, with an optional lead. */
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
        {phrases(copy.heading)}
      </h2>
      {copy.lead === undefined ? null : <p className={styles.lead}>{copy.lead}</p>}
      {children}
    </section>
  );
}
