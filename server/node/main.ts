/** `npm run preview`: the built site on loopback; README.md lists the environment variables. */
import { createServer } from 'node:http';
import { brandIds, localOrigin } from '../../src/brand/brands';
import { createClientErrorHandler, createOrigin } from './origin';

const port = Number(process.env.PORT ?? 4173);
const distDir = process.env.DIST_DIR ?? 'dist';
const handler = createOrigin({
  distDir,
  estimatesFile: process.env.ESTIMATES_FILE ?? '.data/estimates.jsonl',
  exportSecret: process.env.EXPORT_SECRET || undefined,
  staffSecret: process.env.STAFF_SECRET || undefined,
  newLeadsPerWindow: Number(process.env.ESTIMATES_RATE_LIMIT) || undefined,
  mailDir: process.env.MAIL_DIR || '.data/mail',
});

// Loopback only, on both address families, so http://localhost and *.localhost both reach it.
const hosts = ['127.0.0.1', '::1'];
let listening = 0;
for (const host of hosts) {
  const server = createServer(handler);
  // Node's own parser errors (400, 431) get the site's headers and a page too.
  server.on('clientError', createClientErrorHandler({ distDir }));
  server.on('error', (error) => {
    if (host === '::1') return; // no IPv6 loopback on this machine: 127.0.0.1 serves alone
    console.error(error);
    process.exit(1);
  });
  server.listen(port, host, () => {
    listening += 1;
    if (listening === 1) {
      for (const brand of brandIds) console.log(`${brand}: ${localOrigin(brand, port)}`);
    }
  });
}
