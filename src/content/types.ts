/**
 * The shape of all copy on the site. Components only render these types; the words live in
 * src/content/<brand>/ so a marketer can change them without opening a component.
 */

import type { VehicleClassCost } from './legalFees';
import type { TextRouteName } from './pageTable';

export type PageMeta = { title: string; description: string };

type MenuTarget = 'top' | 'direction' | 'point' | 'flow' | 'question';

export type MenuItem = { label: string; target: MenuTarget };

/** Which theme colour fills (or strokes) a shape of a logo mark (src/sections/logo/). */
type LogoPaint = 'primary' | 'onPrimary' | 'accent' | 'accentStroke';

/**
 * A brand's logo mark as data: shapes drawn in order on a 36×36 canvas, each painted with one
 * of the theme's colours, so the mark follows the light and dark themes.
 */
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

/** Operator facts. Unknown ones are placeholders starting with 【要確認】. */
export type CompanyFacts = {
  /** 販売事業者 */
  name: string;
  /** 運営責任者 */
  representative: string;
  /** 所在地 */
  address: string;
  /** Contact e-mail address. */
  email: string;
  /** Phone reception hours as printed next to every phone number. */
  receptionHours: string;
  /** Days the phone line is closed. */
  holidays: string;
};

type TitledText = { title: string; body: string };

export type LandingContent = {
  /** Printed next to every phone number, e.g. 受付時間 9:00〜19:00（年末年始を除く） */
  receptionNote: string;
  mainVisual: {
    /** The h1 of the page. */
    catchcopy: string;
    lead: string;
    /** Short selling points shown as badges. */
    badges: string[];
    /** Label of the link that jumps to the first simple form. */
    formLinkLabel: string;
    note: string;
  };
  /** Rendered only for a brand whose section order lists 'campaign' (src/brand/brands.ts). */
  campaign: {
    enabled: boolean;
    /** Last day of the campaign, ISO date (YYYY-MM-DD), inclusive, Japan time. */
    endsAt?: string;
    label: string;
    heading: string;
    body: string;
    notes: string[];
  };
  simpleForm: {
    /** Heading and lead per simple form, in page order (#1, #2, #3). */
    headings: { heading: string; lead: string }[];
    submitLabel: string;
    /** Reassurance under the button. */
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
    /** ISO date up to which the legal-fee rates the examples use are confirmed; shown. */
    feesAsOf: string;
    /** ISO date the rates were last checked against their sources; shown. */
    feesCheckedOn: string;
    discountLabel: string;
    classes: VehicleClassCost[];
    notes: string[];
    /** The price check shown under the tabs once scripts run. */
    priceCheck: {
      /** Heading of the price check box. */
      heading: string;
      /** Legend of the 初度登録年月 fields. */
      firstRegistrationLegend: string;
      /** Where to find 初度登録年月 and what it changes. */
      firstRegistrationHint: string;
      /** Shown before 初度登録年月 is chosen. */
      assumption: string;
      /** Label of the button that opens the estimate prefilled. */
      submitLabel: string;
      /** That the estimate confirms the rough price. */
      confirmNote: string;
      /** Eco-car reductions depend on the model: a plain note, no calculation. */
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
    /** Short line under the logo. */
    tagline: string;
  };
  /** The sticky call bar (追従フッター) at the bottom of the screen. */
  stickyCallBar: {
    estimateLabel: string;
    callLabel: string;
  };
};

type TextPageSection = {
  heading: string;
  /** The section's element id, for links to it (`/privacypolicy#…`). */
  id?: string;
  paragraphs: string[];
  /** An optional bulleted list after the paragraphs. */
  list?: string[];
};

export type TextPageContent = {
  heading: string;
  /** ISO date of the last revision. */
  updatedAt: string;
  intro?: string;
  sections: TextPageSection[];
};

export type PageData =
  | { route: 'index'; meta: PageMeta; landing: LandingContent }
  | { route: TextRouteName; meta: PageMeta; page: TextPageContent };
