// Server-only (the prerender and the payload files): BudouX's Japanese model marks the phrase
// boundaries of the headings once, at build time; the browser only turns the marks into <wbr>.
import { loadDefaultJapaneseParser } from 'budoux';
import { phraseBreak } from '../lib/phraseBreaks';
import type { LandingContent } from './types';

const parser = loadDefaultJapaneseParser();

function marked(text: string): string {
  return parser.parse(text).join(phraseBreak);
}

/** The headline and every section heading, where a break inside a word shows most. */
export function withPhraseBreaks(landing: LandingContent): LandingContent {
  const heading = <T extends { heading: string }>(copy: T): T => ({
    ...copy,
    heading: marked(copy.heading),
  });
  return {
    ...landing,
    mainVisual: { ...landing.mainVisual, catchcopy: marked(landing.mainVisual.catchcopy) },
    simpleForm: { ...landing.simpleForm, headings: landing.simpleForm.headings.map(heading) },
    cta: heading(landing.cta),
    direction: heading(landing.direction),
    point: heading(landing.point),
    example: heading(landing.example),
    flow: heading(landing.flow),
    question: heading(landing.question),
    policy: heading(landing.policy),
  };
}
