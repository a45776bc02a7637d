/**
 * Normalisers of the estimate fields: visitors type full-width digits, hyphens and hiragana, and
 * we store half-width digits and katakana. Every text first loses control, bidi, zero-width
 * characters and lone surrogates (lib/safeText.ts, shared with the tracking cookie), so none of
 * them is ever stored; a required field left empty by that gets its "…を入力してください".
 */
import { stripUnsafeChars } from '../../lib/safeText';

/** Hyphen and dash look-alikes visitors type between digits (after NFKC), plus whitespace. */
const separators = /[\s\-‐‑‒–—―−ー]/gu;

/** NFKC and trimmed; inner runs of whitespace become one space. */
export function normalizeText(value: string): string {
  return stripUnsafeChars(value).normalize('NFKC').trim().replace(/\s+/gu, ' ');
}

/** NFKC with hyphens and spaces removed: "０９０－１２３４－５６７８" → "09012345678". */
export function normalizeDigits(value: string): string {
  return stripUnsafeChars(value).normalize('NFKC').replace(separators, '');
}

/**
 * Free text (備考) is only trimmed: NFKC would rewrite what the visitor wrote (① → 1). Its line
 * breaks (as \n) and tabs stay.
 */
export function normalizeMultiline(value: string): string {
  return stripUnsafeChars(value, { multiline: true }).trim();
}

/** Hiragana → katakana, then NFKC (half-width katakana → full-width), trimmed. */
export function normalizeKana(value: string): string {
  const katakana = value.replace(/[\u3041-\u3096]/gu, (char) =>
    String.fromCharCode(char.charCodeAt(0) + 0x60),
  );
  return normalizeText(katakana);
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
  return stripUnsafeChars(value).normalize('NFKC').replace(/\s/gu, '');
}

/**
 * Normalises to the listed option the value stands for: NFKC would turn 'その他（国産車）' into
 * 'その他(国産車)', which the list does not hold, so the listed spelling is kept.
 */
export function toListedOption(options: readonly string[]) {
  return (value: string) => {
    const normalized = normalizeText(value);
    return options.find((option) => normalizeText(option) === normalized) ?? normalized;
  };
}
