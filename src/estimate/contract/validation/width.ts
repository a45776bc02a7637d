// Shared with the first-paint script, which folds a simple form's typed year with it.

/** U+FF01–U+FF5E are the full-width forms of U+0021–U+007E, at a fixed offset. */
const fullWidthAscii = /[\uff01-\uff5e]/gu;
const fullWidthOffset = 0xfee0;

export function foldWidth(value: string): string {
  return value
    .replace(fullWidthAscii, (char) => String.fromCharCode(char.charCodeAt(0) - fullWidthOffset))
    .replace(/\u3000/gu, ' ');
}
