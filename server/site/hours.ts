/** The site's opening hours (the brand's vars), read per request: 9:00–19:00 unless set. */
export type BusinessHours = { start: string | undefined; end: string | undefined };

export const defaultStart = '9:00';
export const defaultEnd = '19:00';

export function hoursOf(env: { BUSINESS_START_TIME?: string; BUSINESS_END_TIME?: string }) {
  return { start: env.BUSINESS_START_TIME, end: env.BUSINESS_END_TIME };
}
