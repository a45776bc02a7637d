/**
 * The business_time endpoint's answer (GET /shaken/column/wp-json/wp/business_time), shared by
 * the local origin (server/businessTime.ts) and the Cloudflare Worker: no DOM, no Node.
 */
const defaultStart = '9:00';
const defaultEnd = '19:00';

/**
 * The endpoint's JSON for configured opening hours (H:MM, 9:00–19:00 unless set).
 */
export function businessTimeJson(start: string | undefined, end: string | undefined): string {
  return JSON.stringify({ start_time: start || defaultStart, end_time: end || defaultEnd });
}
