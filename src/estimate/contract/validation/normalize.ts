// No Unicode normalisation of names or free text: NFKC (even NFC) rewrites 塚 U+FA10, ㍿ and ①,
// so a name would be stored as something never written. Width is folded only in machine values.
import { stripUnsafeChars } from '../../../lib/safeText';
import { foldWidth } from './width';

/** Hyphen and dash look-alikes visitors type between digits, plus whitespace. */
const separators = /[\s\-‐‑‒–—―−ー]/gu;

export function normalizeText(value: string): string {
  return stripUnsafeChars(value).trim().replace(/\s+/gu, ' ');
}

/** Width folded, hyphens and spaces removed: "０９０－１２３４－５６７８" → "09012345678". */
export function normalizeDigits(value: string): string {
  return foldWidth(stripUnsafeChars(value)).replace(separators, '');
}

export function normalizeMultiline(value: string): string {
  return stripUnsafeChars(value, { multiline: true }).trim();
}

const halfWidthKana = /[\uff61-\uff9f]+/gu;

/** The field accepts katakana only, so this touches nothing else a visitor could mean. */
export function normalizeKana(value: string): string {
  const katakana = value.replace(/[\u3041-\u3096]/gu, (char) =>
    String.fromCharCode(char.charCodeAt(0) + 0x60),
  );
  const folded = katakana.replace(halfWidthKana, (run) => run.normalize('NFKC'));
  return normalizeText(foldWidth(folded)).normalize('NFC');
}

export function normalizePhone(value: string): string {
  // "(03)1234-5678" is how many people write a landline.
  return normalizeDigits(value).replace(/[()]/g, '');
}

export function normalizePostalCode(value: string): string {
  return normalizeDigits(value).replace(/^〒/u, '');
}

export function normalizeMileage(value: string): string {
  return normalizeDigits(value).replace(/,/g, '').replace(/km$/i, '');
}

export function normalizeEmail(value: string): string {
  return foldWidth(stripUnsafeChars(value)).replace(/\s/gu, '');
}

export function normalizeDate(value: string): string {
  return normalizeText(foldWidth(value));
}

/** The listed spelling of what `value` stands for (ﾄﾖﾀ, 'その他(国産車)'). */
export function toListedOption(options: readonly string[]) {
  const key = (value: string) => normalizeText(value).normalize('NFKC');
  return (value: string) => {
    const normalized = normalizeText(value);
    return options.find((option) => key(option) === key(normalized)) ?? normalized;
  };
}

const graphemes =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter('ja', { granularity: 'grapheme' })
    : undefined;

/** Grapheme clusters, as a visitor sees them (👨‍👩‍👧 is one); code points without Intl.Segmenter. */
export function textLength(value: string): number {
  return graphemes ? Array.from(graphemes.segment(value)).length : Array.from(value).length;
}
