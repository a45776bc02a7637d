// How long a lead's personal fields are kept: the privacy policy prints it and the retention job
// erases by it, so the two cannot differ.
export const retentionYears = 3;
