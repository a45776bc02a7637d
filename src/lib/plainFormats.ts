// The first view's people's formats (an as-of date, a price), apart from peopleFormats.ts, which
// builds on them: the landing page loads these few bytes, not the rest.

/** 2026-03-31 → 2026年3月31日, for an as-of date (no weekday); anything else as it came. */
export function japaneseDay(iso: string): string {
  const match = /^(\d{4})-(\d\d?)-(\d\d?)$/.exec(iso);
  return match ? `${match[1]}年${Number(match[2])}月${Number(match[3])}日` : iso;
}

/** 54321 → 54,321円. */
export function yen(amount: number): string {
  return `${Math.round(amount).toLocaleString('ja-JP')}円`;
}
