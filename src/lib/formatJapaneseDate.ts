// Apart, so a text page printing its update date does not load the price rows.

/** 2023-04-01 → 2023年4月1日 */
export function formatJapaneseDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  return `${match[1]}年${Number(match[2])}月${Number(match[3])}日`;
}
