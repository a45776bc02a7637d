import { phraseBreak } from '../lib/phraseBreaks';

/** A heading of the page data with its phrase marks as <wbr> (src/lib/phraseBreaks.ts). */
export const phrases = (text: string) =>
  text.split(phraseBreak).flatMap((part, index) => (index ? [<wbr key={index} />, part] : part));
