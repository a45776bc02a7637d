// The server of an e2e run (deploy/cloudflare/dev.ts, started by playwright.config.ts): its port,
// its folders under .data/ and the secrets that open its staff routes to the specs.
export const port = Number(process.env.E2E_PORT ?? 4174);

/** Local D1 and queues, emptied when the run starts its server (--fresh). */
export const stateDir = `.data/e2e-state-${port}`;

/** Where the lead mails are kept as .eml files (MAIL_DIR), emptied with the state. */
export const mailDir = `.data/e2e-mail-${port}`;

export const exportSecret = 'e2e-export-secret';
export const staffSecret = 'e2e-staff-secret-0123456789abcdef0123';
