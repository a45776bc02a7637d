/// <reference types="vite/client" />

declare const __BUILD_ID__: string;

declare const __BUILD_TIME__: number;

interface ImportMetaEnv {
  /** Empty means same origin. */
  readonly VITE_LP_URL?: string;
  readonly VITE_API_BASE_URL?: string;
  /** "on" or "off". */
  readonly VITE_CAMPAIGN?: string;
  readonly VITE_VERSION_POLL_MINUTES?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Its prebuilt dist/ takes element ids only. */
declare module 'vanilla-autokana/src/index.js' {
  export { bind } from 'vanilla-autokana';
}
