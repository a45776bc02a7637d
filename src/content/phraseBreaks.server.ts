// Server-only (the prerender and the payload files): BudouX's Japanese model marks the phrase
// boundaries of every text a visitor reads once, at build time; the browser only turns the marks
// into <wbr> (src/sections/phrases.tsx). Only the fields listed here carry marks: each is rendered
// through phrases(), never printed as plain text (titles, meta and labels stay unmarked).
import { loadDefaultJapaneseParser } from 'budoux';
import { phraseBreak } from '../lib/phraseBreaks';
import type { LandingContent, TextPageContent } from './types';

const parser = loadDefaultJapaneseParser();

/** Both sides Latin letters, digits or signs: a phone number, a mail address, 9:00 holds whole. */
const latin = /[!-~]/;
/** No break after an opening bracket or a space (one is there already). */
const noBreakAfter = /[（「『【〔［｛〈《(\s]/u;
/** Nor before closing punctuation. */
const noBreakBefore = /[）」』】〕］｝〉》、。，．・：；！？)]/u;

function breakBetween(before: string, after: string): boolean {
  if (latin.test(before) && latin.test(after)) return false;
  return !noBreakAfter.test(before) && !noBreakBefore.test(after);
}

function marked(text: string): string {
  const [first = '', ...rest] = parser.parse(text);
  return rest.reduce(
    (joined, phrase) =>
      joined + (breakBetween(joined.at(-1) ?? '', phrase[0] ?? '') ? phraseBreak : '') + phrase,
    first,
  );
}

const all = (texts: readonly string[]) => texts.map(marked);

const titled = <T extends { title: string; body: string }>(item: T): T => ({
  ...item,
  title: marked(item.title),
  body: marked(item.body),
});

const headed = <T extends { heading: string; lead?: string }>(copy: T): T => ({
  ...copy,
  heading: marked(copy.heading),
  ...(copy.lead === undefined ? {} : { lead: marked(copy.lead) }),
});

export function withPhraseBreaks(landing: LandingContent): LandingContent {
  const { mainVisual, campaign, simpleForm, direction, point, example, flow, question, policy } =
    landing;
  return {
    ...landing,
    mainVisual: {
      ...mainVisual,
      catchcopy: marked(mainVisual.catchcopy),
      lead: marked(mainVisual.lead),
      badges: all(mainVisual.badges),
      note: marked(mainVisual.note),
      price: {
        ...mainVisual.price,
        car: marked(mainVisual.price.car),
        basis: marked(mainVisual.price.basis),
      },
    },
    campaign: {
      ...headed(campaign),
      label: marked(campaign.label),
      body: marked(campaign.body),
      notes: all(campaign.notes),
    },
    simpleForm: {
      ...simpleForm,
      headings: simpleForm.headings.map(headed),
      note: marked(simpleForm.note),
    },
    cta: headed(landing.cta),
    direction: {
      ...headed(direction),
      paragraphs: all(direction.paragraphs),
      facts: direction.facts.map(titled),
    },
    point: { ...headed(point), items: point.items.map(titled) },
    example: { ...headed(example), basis: marked(example.basis), notes: all(example.notes) },
    flow: { ...headed(flow), steps: flow.steps.map(titled) },
    question: {
      ...headed(question),
      items: question.items.map((item) => ({
        question: marked(item.question),
        answer: all(item.answer),
      })),
    },
    policy: { ...headed(policy), paragraphs: all(policy.paragraphs) },
    footer: { tagline: marked(landing.footer.tagline) },
  };
}

export function withPagePhraseBreaks(page: TextPageContent): TextPageContent {
  return {
    ...headed(page),
    ...(page.intro === undefined ? {} : { intro: marked(page.intro) }),
    sections: page.sections.map((section) => ({
      ...headed(section),
      paragraphs: all(section.paragraphs),
      ...(section.list ? { list: all(section.list) } : {}),
    })),
  };
}
