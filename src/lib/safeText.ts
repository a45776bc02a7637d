/**
 * Characters nobody types on purpose and that are dangerous downstream: C0/C1 control characters
 * (NUL ends strings in C, ESC drives terminals), bidi overrides and isolates (they reorder what a
 * log line or a CRM export shows, "Trojan Source"), zero-width characters (a name made of U+200B
 * looks filled but is empty) and lone surrogates (invalid UTF-16: encodeURIComponent throws on
 * them, and UTF-8 writers replace or refuse them), and characters that draw nothing by themselves
 * (fillers, soft hyphen, invisible operators, stray tags and variation selectors: a name made of
 * them looks filled but is empty). The zero-width joiner inside an emoji sequence
 * is part of what the visitor wrote and stays (strayJoiner). Used by the estimate schema for every text
 * field and by the tracking cookie for every value, so both accept exactly the same text.
 */

// Line breaks of every kind, made one `\n` in multi-line text and removed from single-line text.
const lineBreaks = /\r\n?|[\u0085\u2028\u2029]/g;
const singleLineBreaks = /[\t\n\u2028\u2029]/g;
// C0 (but \t and \n, handled above), DEL and C1; U+061C, U+200E/F, U+202A–U+202E and
// U+2066–U+2069 (bidi marks, embeddings, overrides, isolates); U+200B, U+200C, U+2060 and U+FEFF
// (zero-width space, non-joiner, word joiner, BOM).
const unsafe =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
// The zero-width joiner (U+200D) builds emoji sequences (👨‍👩‍👧, 🏳️‍🌈, 🧑🏻‍💻): it stays between two
// pictographs, where an emoji presentation selector or a skin-tone modifier may follow the first.
// Anywhere else it only hides an empty or look-alike value, and goes.
const strayJoiner =
  /(?<!\p{Extended_Pictographic}(?:\ufe0f|\p{Emoji_Modifier})?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu;
// Characters that draw nothing by themselves, so a value made only of them looks filled and is
// empty (they are Default_Ignorable_Code_Point in Unicode, or blank fillers): the soft hyphen
// U+00AD, the combining grapheme joiner U+034F, the Hangul fillers U+115F, U+1160, U+3164 and
// U+FFA0, U+17B4/U+17B5, the Mongolian selectors and vowel separator U+180B–U+180F, the
// invisible operators U+2061–U+2064, the braille blank U+2800 and the object replacement U+FFFC.
// An alternation, not a class: several of them combine with their neighbour (Hangul L + V).
const invisible =
  /\u00ad|\u034f|\u115f|\u1160|\u17b4|\u17b5|[\u180b-\u180f]|[\u2061-\u2064]|\u2800|\u3164|\uffa0|\ufffc/gu;
// Tag characters (U+E0000–U+E007F) are part of a subdivision flag (🏴 then tags); elsewhere they
// are invisible.
const strayTags = /(?<!\u{1f3f4}[\u{e0020}-\u{e007e}]*)[\u{e0000}-\u{e007f}]/gu;
// A variation selector (U+FE00–U+FE0F, and the ideographic ones U+E0100–U+E01EF that pick a
// kanji's form in a name) selects the form of the character before it: at the start or after a
// space it selects nothing.
const strayVariationSelectors = /(?<=^|\s)(?:[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}])+/gu;
const loneSurrogates = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export type StripOptions = {
  /** Keep line breaks (as `\n`) and tabs, for a textarea. Otherwise both are removed. */
  multiline?: boolean;
};

/**
 * `value` without the characters above; multi-line text keeps `\n` (for any line break) and `\t`.
 * Does not trim.
 */
export function stripUnsafeChars(value: string, options: StripOptions = {}): string {
  const withoutSurrogates = value.replace(loneSurrogates, '');
  const withoutJoiners = withoutSurrogates
    .replace(invisible, '')
    .replace(strayTags, '')
    .replace(strayJoiner, '')
    .replace(strayVariationSelectors, '');
  if (options.multiline) {
    return withoutJoiners.replace(lineBreaks, '\n').replace(unsafe, '');
  }
  return withoutJoiners.replace(singleLineBreaks, '').replace(unsafe, '');
}
