// Years as the 車検証 prints them (令和) beside the Western year the forms keep. Library-free and
// tiny: the first-paint script reads a typed year with it. Eras by the year they began.
import { foldWidth } from './validation/width';

const eras = [
  { name: '令和', letter: 'R', first: 2019 },
  { name: '平成', letter: 'H', first: 1989 },
  { name: '昭和', letter: 'S', first: 1926 },
] as const;

/** 2027 → 令和9年（2027年）; 2019 → 令和元年（2019年）, the year 平成 ended. */
export function yearLabel(year: number): string {
  const era = eras.find((each) => year >= each.first);
  if (!era) return `${year}年`;
  const n = year - era.first + 1;
  return `${era.name}${n === 1 ? '元' : n}年（${year}年）`;
}

/**
 * A typed year as the Western year among `offered`: 2027, ２０２７年, 令和9, R9, 令和元年, or the
 * last one or two digits (27 or 9, 令和 first). Anything else is returned folded, for the schema's
 * message.
 */
export function westernYear(typed: string, offered: readonly number[]): string {
  const text = foldWidth(typed)
    .replace(/\s|年$/gu, '')
    .toUpperCase();
  const match = /^(令和|平成|昭和|[RHS])?(元|\d{1,4})$/u.exec(text);
  if (!match) return text;
  const [, eraName, digits = ''] = match;
  const n = digits === '元' ? 1 : Number(digits);
  const era = eras.find((each) => eraName === each.name || eraName === each.letter);
  const candidates = era
    ? [era.first + n - 1]
    : digits.length > 2
      ? [n]
      : [eras[0].first + n - 1, 2000 + n, 1900 + n];
  return String(candidates.find((year) => offered.includes(year)) ?? (era ? candidates[0] : n));
}
