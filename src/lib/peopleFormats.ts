// Values as a person reads them, for every page, mail and CSV: one formatter each. JSON, D1 and
// the webhook keep machine formats (docs/architecture.md, "People's formats"). Phones and instants
// are in serverFormats.ts; the first view imports plainFormats.ts (as-of dates, yen) alone.
import { japaneseDay } from './plainFormats';
import { isRealDate } from './tokyoTime';

export { yen } from './plainFormats';

const weekdays = ['日', '月', '火', '水', '木', '金', '土'] as const;

const dayPattern = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const monthPattern = /^(\d{4})-(\d{1,2})$/;

/** 2027-01-20 → 2027年1月20日（水）; 2027-02 → 2027年2月; anything else as it came. */
export function japaneseDate(iso: string): string {
  const value = iso.trim();
  const day = dayPattern.exec(value);
  if (day) {
    const [year, month, date] = day.slice(1).map(Number) as [number, number, number];
    if (!isRealDate(year, month, date)) return value;
    const weekday = weekdays[new Date(Date.UTC(year, month - 1, date)).getUTCDay()]!;
    return `${japaneseDay(value)}（${weekday}）`;
  }
  return japaneseMonth(value);
}

/** 2027-02 → 2027年2月. */
function japaneseMonth(iso: string): string {
  const match = monthPattern.exec(iso.trim());
  if (!match) return iso.trim();
  const [year, month] = match.slice(1).map(Number) as [number, number];
  return month >= 1 && month <= 12 ? `${year}年${month}月` : iso.trim();
}

/** 〒150-0001, １５００００１ → 1500001; '' for anything that is not a postal code. */
export function postalDigits(value: string): string {
  const digits = value.normalize('NFKC').replace(/[-‐－ー−\s〒]/g, '');
  return /^\d{7}$/.test(digits) ? digits : '';
}

/** 1500001 → 〒150-0001; anything else as it came. */
export function displayPostalCode(value: string): string {
  const digits = postalDigits(value);
  return digits ? `〒${digits.slice(0, 3)}-${digits.slice(3)}` : value;
}
