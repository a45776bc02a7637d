/// <reference types="vite/client" />

/** Unique id of this build, baked in at build time (see prerender/build.ts). */
declare const __BUILD_ID__: string;

/** When this build was made (ms since the epoch), baked in at build time (vite.config.ts). */
declare const __BUILD_TIME__: number;

interface ImportMetaEnv {
  /** Origin of the business_time endpoint; empty means same origin. */
  readonly VITE_LP_URL?: string;
  /** Base address of the estimate API; defaults to /api. */
  readonly VITE_API_BASE_URL?: string;
  /** Forces the campaign block of a brand that has one: "on" or "off". */
  readonly VITE_CAMPAIGN?: string;
  /** Minutes between version polls; defaults to 60. */
  readonly VITE_VERSION_POLL_MINUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** vanilla-autokana's ES module source, which takes elements (its prebuilt dist/ takes ids only). */
declare module 'vanilla-autokana/src/index.js' {
  export { bind } from 'vanilla-autokana';
}
