// The shape of all copy: components render these types; the words live in src/content/<brand>/.

import type { VehicleClassCost } from './legalFees';
import type { TextRouteName } from './pageTable';

export type PageMeta = { title: string; description: string };

type MenuTarget = 'top' | 'direction' | 'point' | 'flow' | 'question';

export type MenuItem = { label: string; target: MenuTarget };

type LogoPaint = 'primary' | 'onPrimary' | 'accent' | 'accentStroke';

/** Shapes on a 36×36 canvas painted with theme colours, so the mark follows light and dark. */
export type LogoMark = readonly (
  | {
      shape: 'rect';
      paint: LogoPaint;
      x: number;
      y: number;
      width: number;
      height: number;
      rx: number;
    }
  | { shape: 'circle'; paint: LogoPaint; cx: number; cy: number; r: number }
  | { shape: 'path'; paint: LogoPaint; d: string }
)[];

/** As people read them: an operator fact not given yet reads 【未設定】… (operatorFacts.ts). */
export type CompanyFacts = {
  name: string;
  representative: string;
  address: string;
  email: string;
  receptionHours: string;
  holidays: string;
};

type TitledText = { title: string; body: string };

export type LandingContent = {
  receptionNote: string;
  mainVisual: {
    catchcopy: string;
    lead: string;
    badges: string[];
    formLinkLabel: string;
    note: string;
    /** From the cost section's own table (priceRows.ts headlinePrice), linking to it. */
    price: { car: string; total: string; basis: string; linkLabel: string };
  };
  /** Rendered only for a brand whose section order lists 'campaign' (src/brand/brands.ts). */
  campaign: {
    enabled: boolean;
    /** YYYY-MM-DD, inclusive, Japan time. */
    endsAt?: string;
    label: string;
    heading: string;
    body: string;
    notes: string[];
  };
  simpleForm: {
    headings: { heading: string; lead: string }[];
    submitLabel: string;
    note: string;
  };
  cta: {
    heading: string;
    lead: string;
    estimateLabel: string;
    callLabel: string;
  };
  direction: {
    heading: string;
    lead: string;
    paragraphs: string[];
    facts: TitledText[];
  };
  point: {
    heading: string;
    lead: string;
    items: TitledText[];
  };
  example: {
    heading: string;
    lead: string;
    feesAsOf: string;
    feesCheckedOn: string;
    discountLabel: string;
    classes: VehicleClassCost[];
    notes: string[];
    priceCheck: {
      heading: string;
      firstRegistrationLegend: string;
      firstRegistrationHint: string;
      assumption: string;
      submitLabel: string;
      confirmNote: string;
      ecoNote: string;
    };
  };
  flow: {
    heading: string;
    lead: string;
    steps: TitledText[];
  };
  question: {
    heading: string;
    items: { question: string; answer: string[] }[];
  };
  policy: {
    heading: string;
    paragraphs: string[];
    linkLabel: string;
  };
  footer: {
    tagline: string;
  };
  stickyCallBar: {
    estimateLabel: string;
    callLabel: string;
    /** Outside the hours: the phone's place says when it rings, the estimate takes the tap. */
    closedLabel: string;
    closedNote: string;
    closedEstimateLabel: string;
  };
};

type TextPageSection = {
  heading: string;
  id?: string;
  paragraphs: string[];
  list?: string[];
};

export type TextPageContent = {
  heading: string;
  updatedAt: string;
  intro?: string;
  sections: TextPageSection[];
};

export type PageData =
  | { route: 'index'; meta: PageMeta; landing: LandingContent }
  | { route: TextRouteName; meta: PageMeta; page: TextPageContent };
