import { Fragment } from 'react';
import { useBrand } from '../../brand/useBrand';
import { EstimateDialog } from '../../estimate/EstimateDialog';
import { MainVisual } from '../main-visual/MainVisual';
import { StickyCallBar } from '../sticky-call-bar/StickyCallBar';
import styles from './LandingPage.module.css';
import { sectionRegistry, type SectionProps } from './sectionRegistry';

export type LandingPageProps = SectionProps;

/** Spec 2: the body in the brand's section order, the estimate dialog's slot last. */
export function LandingPage(props: LandingPageProps) {
  const brand = useBrand();
  return (
    <>
      <MainVisual copy={props.content.mainVisual} />
      <div className={styles.body}>
        {brand.sections.map((id) => (
          <Fragment key={id}>{sectionRegistry[id](props)}</Fragment>
        ))}
      </div>
      <StickyCallBar
        copy={props.content.stickyCallBar}
        outsideBusinessHours={props.outsideBusinessHours}
      />
      <div data-section="estimate-modal">
        <EstimateDialog />
      </div>
    </>
  );
}
