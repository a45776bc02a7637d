import type { ReactNode } from 'react';
import { phraseBreak } from '../lib/phraseBreaks';

/** A text of the page data with its phrase marks as <wbr> (src/lib/phraseBreaks.ts). */
export const phrases = (text: string): ReactNode =>
  text.split(phraseBreak).flatMap((part, index) => (index ? [<wbr key={index} />, part] : part));
