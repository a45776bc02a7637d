// Characters nobody types on purpose that harm downstream (control, bidi "Trojan Source",
// zero-width, lone surrogates, invisible fillers). Shared by the estimate schema and the cookie.

// Line breaks of every kind, made one `\n` in multi-line text and removed from single-line text.
const lineBreaks = /\r\n?|[\u0085\u2028\u2029]/g;
const singleLineBreaks = /[\t\n\u2028\u2029]/g;
// C0 but \t and \n, DEL, C1; bidi marks, overrides, isolates; ZWSP, ZWNJ, word joiner, BOM.
const unsafe =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b\u200c\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
// ZWJ stays between two pictographs (👨‍👩‍👧); elsewhere it only hides an empty value.
const strayJoiner =
  /(?<!\p{Extended_Pictographic}(?:\ufe0f|\p{Emoji_Modifier})?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu;
// Default_Ignorable or blank fillers. An alternation, not a class: some combine with a neighbour.
const invisible =
  /\u00ad|\u034f|\u115f|\u1160|\u17b4|\u17b5|[\u180b-\u180f]|[\u2061-\u2064]|\u2800|\u3164|\uffa0|\ufffc/gu;
// Tag characters belong to a subdivision flag (🏴 then tags); elsewhere they are invisible.
const strayTags = /(?<!\u{1f3f4}[\u{e0020}-\u{e007e}]*)[\u{e0000}-\u{e007f}]/gu;
// A variation selector at the start or after a space selects nothing.
const strayVariationSelectors = /(?<=^|\s)(?:[\ufe00-\ufe0f]|[\u{e0100}-\u{e01ef}])+/gu;
const loneSurrogates = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export type StripOptions = {
  /** Keep line breaks (as `\n`) and tabs, for a textarea. */
  multiline?: boolean;
};

/** Does not trim. */
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
