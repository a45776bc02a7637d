/** "09012345678" → "+819012345678"; anything else gives undefined. */
export function japanesePhoneToE164(phone: string): string | undefined {
  const digits = phone.replace(/[\s()-]/g, '');
  return /^0\d{9,10}$/.test(digits) ? `+81${digits.slice(1)}` : undefined;
}
