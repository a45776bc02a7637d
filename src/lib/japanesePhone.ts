/**
 * Phone numbers in the form ad platforms match on: the browser's enhanced conversions
 * (tracking/conversionEvents.ts) and the server's conversion channels (server/core/conversions/).
 */

/**
 * A Japanese phone number as the schema stores it ("09012345678", "0312345678") in E.164:
 * "+819012345678". Anything else gives undefined.
 */
export function japanesePhoneToE164(phone: string): string | undefined {
  const digits = phone.replace(/[\s()-]/g, '');
  return /^0\d{9,10}$/.test(digits) ? `+81${digits.slice(1)}` : undefined;
}
