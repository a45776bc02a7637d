// Japanese phrase breaks (docs/decisions/017-phrase-breaks-at-prerender.md): marked at prerender (see
// src/content/phraseBreaks.server.ts), rendered as <wbr> by the components, so Safari, which lacks
// `word-break: auto-phrase`, breaks between phrases too, and no segmenter runs in the browser.

/** Where a phrase ends inside a string of the page data. */
export const phraseBreak = '\u200b';
