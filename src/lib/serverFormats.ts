// People's formats only the server writes, apart from peopleFormats.ts so the first view's dates
// and prices load neither libphonenumber nor Japan's clock.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { japaneseDate } from './peopleFormats';
import { tokyoDateTime } from './tokyoTime';

/** 09012345678 → 090-1234-5678, 0312345678 → 03-1234-5678 (by Japan's numbering plan). */
export function displayPhone(value: string): string {
  const phone = parsePhoneNumberFromString(value.normalize('NFKC'), 'JP');
  return phone?.isValid() && phone.country === 'JP' ? phone.formatNational() : value;
}

/** An instant in Japan's clock: 2027年1月20日（水）14:05. */
export function japaneseDateTime(when: Date | string): string {
  const time = typeof when === 'string' ? Date.parse(when) : when.getTime();
  if (Number.isNaN(time)) return '';
  const [day = '', clock = ''] = tokyoDateTime(new Date(time)).split(' ');
  const [hour = '', minute = ''] = clock.split(':');
  return `${japaneseDate(day)}${Number(hour)}:${minute}`;
}
