/**
 * How long a lead's personal fields are kept: the privacy policy prints it (textPages.ts) and the
 * retention job erases by it (server/core/retention.ts), so the two cannot differ.
 */
export const retentionYears = 3;
