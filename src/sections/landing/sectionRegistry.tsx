import type { ReactNode } from 'react';
import type { SectionId } from '../../brand/brands';
import type { LandingContent } from '../../content/types';
import { Campaign } from '../campaign/Campaign';
import { Cta } from '../cta/Cta';
import { Direction } from '../direction/Direction';
import { Example } from '../example/Example';
import { Flow } from '../flow/Flow';
import { Footer } from '../footer/Footer';
import { Point } from '../point/Point';
import { Policy } from '../policy/Policy';
import { Question } from '../question/Question';
import { SimpleForm } from '../simple-form/SimpleForm';

export type SectionProps = {
  content: LandingContent;
  /** Already decided by the caller (flag, end date, build env). */
  showCampaign: boolean;
  outsideBusinessHours: boolean;
};

function simpleForm(content: LandingContent, index: 1 | 2 | 3, withHeaderImage = false) {
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

/** A brand's `sections` lists these ids in its order; a section may render nothing. */
export const sectionRegistry: Record<SectionId, (props: SectionProps) => ReactNode> = {
  campaign: ({ content, showCampaign }) =>
    showCampaign ? <Campaign copy={content.campaign} /> : null,
  'simple-form-1': ({ content }) => simpleForm(content, 1),
  'simple-form-2': ({ content }) => simpleForm(content, 2, true),
  'simple-form-3': ({ content }) => simpleForm(content, 3),
  cta: ({ content, outsideBusinessHours }) =>
    outsideBusinessHours ? null : <Cta copy={content.cta} receptionNote={content.receptionNote} />,
  direction: ({ content }) => <Direction copy={content.direction} />,
  point: ({ content }) => <Point copy={content.point} />,
  example: ({ content }) => <Example copy={content.example} />,
  flow: ({ content }) => <Flow copy={content.flow} />,
  question: ({ content }) => <Question copy={content.question} />,
  policy: ({ content }) => <Policy copy={content.policy} />,
  footer: ({ content }) => (
    <Footer
      variant="landing-top"
      tagline={content.footer.tagline}
      receptionNote={content.receptionNote}
    />
  ),
};
