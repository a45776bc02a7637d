/**
 * Normalisers of the estimate fields. Every text first loses control, bidi, zero-width characters
 * and lone surrogates (lib/safeText.ts, shared with the tracking cookie), so none of them is ever
 * stored; a required field left empty by that gets its "…を入力してください".
 *
 * What a visitor writes is kept as written: no Unicode normalisation of names or free text. NFKC
 * (and even NFC) maps CJK compatibility ideographs to other characters (塚 U+FA10 → 塚 U+585A),
 * expands ㍿ into 株式会社 and rewrites ① as 1, so a name would be stored, and counted, as
 * something the visitor never wrote. Width is folded only in the fields that hold machine values
 * (phone, postal code, email, mileage, dates and the numeric choices), and only for the
 * full-width forms of ASCII (digits, Latin letters and the symbols written between them, such as
 * ＠ ． － （ ）) and the ideographic space. Kana readings fold half-width katakana.
 */
import { stripUnsafeChars } from '../../../lib/safeText';
import { foldWidth } from './width';

/** Hyphen and dash look-alikes visitors type between digits, plus whitespace. */
const separators = /[\s\-‐‑‒–—―−ー]/gu;

/** Unsafe characters stripped, trimmed; inner runs of whitespace become one space. */
export function normalizeText(value: string): string {
  return stripUnsafeChars(value).trim().replace(/\s+/gu, ' ');
}

/** Width folded, hyphens and spaces removed: "０９０－１２３４－５６７８" → "09012345678". */
export function normalizeDigits(value: string): string {
  return foldWidth(stripUnsafeChars(value)).replace(separators, '');
}

/** Free text (備考) is only trimmed. Its line breaks (as \n) and tabs stay. */
export function normalizeMultiline(value: string): string {
  return stripUnsafeChars(value, { multiline: true }).trim();
}

/** Half-width katakana, with their separate voicing marks, as full-width katakana. */
const halfWidthKana = /[\uff61-\uff9f]+/gu;

/**
 * Hiragana → katakana, half-width katakana → full-width (ﾀﾞ → ダ) and kana with a combining
 * voicing mark composed (NFC), trimmed. The field accepts katakana only, so this touches nothing
 * else a visitor could mean.
 */
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

/** Dates as typed or picked: "２０２６／６／１" → "2026/6/1". */
export function normalizeDate(value: string): string {
  return normalizeText(foldWidth(value));
}

/**
 * Normalises to the listed option the value stands for, compared with width folded and
 * compatibility forms mapped (ﾄﾖﾀ, 'その他(国産車)'), and returns the listed spelling.
 */
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

/**
 * The length of `value` as a visitor sees it: grapheme clusters, so 👨‍👩‍👧 or が written with a
 * combining mark count as one, and ㍿ as one. Code points where Intl.Segmenter is missing.
 * The form's character counters and the schema's length limits both count with it.
 */
export function textLength(value: string): number {
  return graphemes ? Array.from(graphemes.segment(value)).length : Array.from(value).length;
}
