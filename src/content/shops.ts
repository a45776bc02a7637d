// What a shop is, as its brand's folder declares it (src/content/<brand>/shops.ts): the facts a
// visitor books by and the rules of its calendar. The server alone reads the list; the browser
// gets shops from GET /api/shops.

/** 0 = Sunday … 6 = Saturday, as Date.getUTCDay() counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** H:MM, Japan's clock. */
export type ClockTime = `${number}:${number}`;

type OpeningHours = { open: ClockTime; close: ClockTime };

export type Shop = {
  /** Lower-case letters, digits and hyphens: it is in URLs and stored on leads. */
  id: string;
  name: string;
  address: string;
  /** Seven digits. */
  postalCode: string;
  phone: string;
  /** A map search for the address (no key, no script: it opens the visitor's map app). */
  mapUrl: string;
  /** A weekday missing here is a closed weekday. */
  hours: Partial<Record<Weekday, OpeningHours>>;
  /** Japan's national holidays (@holiday-jp/holiday_jp) close the shop. */
  closedOnHolidays: boolean;
  /** When a slot starts, each open day; a time outside the day's hours is not offered. */
  slotTimes: readonly ClockTime[];
  /** Cars a slot takes. */
  capacity: number;
  /** The first bookable day is this many days after today. */
  leadDays: number;
  /** The visitor changes or cancels alone until this time, this many days before the day. */
  cutoff: { daysBefore: number; time: ClockTime };
  /** `instant`: a booked slot is 予約確定 at once; `staff`: 仮予約 until staff confirm it. */
  confirmation: 'instant' | 'staff';
  /** A 仮予約 older than this joins the 新規 alert. */
  confirmWithinHours: number;
  /** How long the visitor stays: the .ics end and the mails' 所要時間. */
  durationMinutes: number;
  /** Not a real shop yet: pages and mails say so and `npm run release:check` lists it. */
  example: boolean;
};

/** How pages and mails mark a shop that is only an example. */
const exampleShopMark = '【見本の店舗】';

export function shownShopName(shop: Pick<Shop, 'name' | 'example'>): string {
  return shop.example ? `${exampleShopMark}${shop.name}` : shop.name;
}

/** Monday first, as a Japanese shop's hours read: 月 9:00〜18:00 … 日 定休日, 祝日 定休日. */
export function weekdayHours(shop: Shop): string[] {
  const names = ['日', '月', '火', '水', '木', '金', '土'] as const;
  const days = ([1, 2, 3, 4, 5, 6, 0] as const).map((day) => {
    const hours = shop.hours[day];
    return `${names[day]} ${hours ? `${hours.open}〜${hours.close}` : '定休日'}`;
  });
  return shop.closedOnHolidays ? [...days, '祝日 定休日'] : days;
}

/** 〒150-0001 東京都渋谷区… as people read it. */
export function shopAddressLine(shop: Pick<Shop, 'postalCode' | 'address'>): string {
  return `〒${shop.postalCode.slice(0, 3)}-${shop.postalCode.slice(3)} ${shop.address}`;
}

/** 2 時間, 1 時間 30 分, 45 分. */
export function durationText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? `${hours}時間` : '', rest > 0 ? `${rest}分` : ''].join('') || '0分';
}
