/**
 * The years offered for 初度登録年月, kept free of zod: the price check in the first view offers
 * the same years as the estimate form, and the schema accepts exactly these.
 */
import { tokyoYearMonth } from '../lib/tokyoMonth';

const firstRegistrationSpan = 40;

/** Years offered for 初度登録年月, newest first (this year in Japan and 40 before it). */
export function firstRegistrationYearOptions(now: Date = new Date()): number[] {
  const { year } = tokyoYearMonth(now);
  return Array.from({ length: firstRegistrationSpan + 1 }, (_, i) => year - i);
}
