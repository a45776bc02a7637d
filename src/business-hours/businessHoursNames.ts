// Apart from the browser code, for the Worker and nginx's buffer sizing.
export const businessTimePath = '/shaken/column/wp-json/wp/business_time';
export const businessStartCookieName = 'business_start_time';
export const businessEndCookieName = 'business_end_time';

/** On <html> while the phone is not answered: every number on the page says so (its CSS). */
export const outsideHoursAttribute = 'data-outside-hours';
