/**
 * Serves the built site on loopback: `npm run preview` (or `node --import tsx server/main.ts`).
 * PORT (default 4173), DIST_DIR (default dist), ESTIMATES_FILE (default .data/estimates.jsonl),
 * EXPORT_SECRET (the CSV export's bearer secret; unset, the export answers 404),
 * ESTIMATES_RATE_LIMIT (new leads per address per 10 minutes, default 20).
 */
import { createServer } from 'node:http';
import { createOrigin } from './origin';

const port = Number(process.env.PORT ?? 4173);
const handler = createOrigin({
  distDir: process.env.DIST_DIR ?? 'dist',
  estimatesFile: process.env.ESTIMATES_FILE ?? '.data/estimates.jsonl',
  exportSecret: process.env.EXPORT_SECRET || undefined,
  newLeadsPerWindow: Number(process.env.ESTIMATES_RATE_LIMIT) || undefined,
});

// Loopback only, on both address families, so http://localhost and *.localhost both reach it.
const hosts = ['127.0.0.1', '::1'];
let listening = 0;
for (const host of hosts) {
  const server = createServer(handler);
  server.on('error', (error) => {
    if (host === '::1') return; // no IPv6 loopback on this machine: 127.0.0.1 serves alone
    console.error(error);
    process.exit(1);
  });
  server.listen(port, host, () => {
    listening += 1;
    if (listening === 1) {
      console.log(`carsupport: http://localhost:${port}`);
      console.log(`yamada:     http://yamada-shaken.localhost:${port}`);
    }
  });
}
