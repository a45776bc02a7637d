/** The staff calendar of a shop, the week holding `day`. */
export const calendarRoute = '/calendar';

export function calendarPath(shop: string, day: string): string {
  return `/staff${calendarRoute}?shop=${encodeURIComponent(shop)}&week=${day}`;
}
