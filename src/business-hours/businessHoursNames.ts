/**
 * The names the business hours travel under, apart from the browser code that loads them
 * (loadBusinessHours.ts): the WordPress endpoint the page reads them from, which the local
 * origin and the Worker answer too, and the cookies (spec section 3) nginx sizes its buffers by.
 */
export const businessTimePath = '/shaken/column/wp-json/wp/business_time';
export const businessStartCookieName = 'business_start_time';
export const businessEndCookieName = 'business_end_time';
