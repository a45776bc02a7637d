import type { ReactNode } from 'react';
import { useBrand } from '../../brand/useBrand';
import type { LandingContent } from '../../content/types';
import { EstimateDialog } from '../../estimate/EstimateDialog';
import { Campaign } from '../campaign/Campaign';
import { Cta } from '../cta/Cta';
import { Direction } from '../direction/Direction';
import { Example } from '../example/Example';
import { Flow } from '../flow/Flow';
import { Footer } from '../footer/Footer';
import { MainVisual } from '../main-visual/MainVisual';
import { Point } from '../point/Point';
import { Policy } from '../policy/Policy';
import { Question } from '../question/Question';
import { SimpleForm } from '../simple-form/SimpleForm';
import { TrackingFooter } from '../tracking-footer/TrackingFooter';
import styles from './LandingPage.module.css';

export type LandingPageProps = {
  content: LandingContent;
  /** Already decided by the caller (flag, end date, build env); ignored for yamada. */
  showCampaign: boolean;
  outsideBusinessHours: boolean;
};

/** The landing page, in the section order of spec 2 for the brand in context. */
export function LandingPage({ content, showCampaign, outsideBusinessHours }: LandingPageProps) {
  const brand = useBrand();
  const isYamada = brand.id === 'yamada';

  function simpleForm(index: 1 | 2 | 3, withHeaderImage = false): ReactNode {
    const heading = content.simpleForm.headings[index - 1] ??
      content.simpleForm.headings[0] ?? { heading: '', lead: '' };
    return (
      <SimpleForm
        index={index}
        heading={heading.heading}
        lead={heading.lead}
        submitLabel={content.simpleForm.submitLabel}
        note={content.simpleForm.note}
        withHeaderImage={withHeaderImage}
      />
    );
  }

  const example = <Example copy={content.example} />;
  const flow = <Flow copy={content.flow} />;

  return (
    <>
      <MainVisual copy={content.mainVisual} />
      <div className={styles.body}>
        {!isYamada && showCampaign ? <Campaign copy={content.campaign} /> : null}
        {simpleForm(1)}
        {outsideBusinessHours ? null : (
          <Cta copy={content.cta} receptionNote={content.receptionNote} />
        )}
        <Direction copy={content.direction} />
        <Point copy={content.point} />
        {simpleForm(2, true)}
        {isYamada ? flow : example}
        {isYamada ? example : flow}
        <Question copy={content.question} />
        {isYamada ? simpleForm(3) : null}
        <Policy copy={content.policy} />
        <Footer
          variant="landing-top"
          tagline={content.footer.tagline}
          receptionNote={content.receptionNote}
        />
      </div>
      <TrackingFooter copy={content.trackingFooter} />
      <div data-section="estimate-modal">
        <EstimateDialog />
      </div>
    </>
  );
}
