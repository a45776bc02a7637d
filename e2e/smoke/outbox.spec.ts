// The outbox sweep on workerd (server/jobs/outboxSweep.ts): the Worker is killed in the
// middle of a burst of leads, started again on the same D1, and its Cron Trigger run; every lead
// that was stored then has each channel delivered and its webhook received. A Worker of
// its own, on its own port, state folder and webhook receiver, so this runs beside the others.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { brands } from '../../src/brand/brands';
import { leadChannels } from '../../server/delivery/channels';
import { validRequest } from '../../tests/factories/estimate';
import { parseCsv } from '../../tests/parseCsv';
import { apiEnv, engines, smokeApi } from './engines';
import { startReceiver } from './webhookReceiver';
import {
  client,
  cloudflareOnly,
  crashWorker,
  exportCsv,
  postJson,
  startWorker,
  stopWorker,
} from './workerApi';

test('a Worker killed mid-burst delivers every stored lead once after the sweep', async () => {
  test.skip(test.info().project.name !== 'cloudflare', cloudflareOnly);
  // Opt-in (SMOKE_OUTBOX=1): a second wrangler dev killed beside the suite's own took the suite's
  // Worker down with it on a loaded 2-core machine (8 minutes, then a timeout). The crash is held
  // on every run by tests/server/db/outbox.d1.test.ts on a real local D1.
  test.skip(!process.env.SMOKE_OUTBOX, 'opt-in: SMOKE_OUTBOX=1 (see the comment above)');
  // Two Worker starts (up to two minutes each on a loaded machine) and the deliveries.
  test.setTimeout(480_000);
  const brand = Object.values(brands)[0]!;
  // Past the ports of the webhook (+1), restart.spec (+2), the platforms (+3) and Access (+4).
  const port = engines.cloudflare.port + 6;
  const stateDir = `${smokeApi.stateDir}-outbox`;
  rmSync(stateDir, { recursive: true, force: true });
  const receiver = await startReceiver(engines.cloudflare.port + 7);
  const start = () =>
    startWorker(port, {
      ...apiEnv('cloudflare', stateDir),
      WEBHOOK_URL: `http://127.0.0.1:${engines.cloudflare.port + 7}/{brand}`,
      // A lead stranded a moment ago is the sweep's at once, not after 15 minutes.
      OUTBOX_GRACE_SECONDS: '0',
      INSPECTOR_PORT: String(port + 10),
    });

  let child = await start();
  try {
    // Killed (SIGKILL, no clean stop) once the first answers are back, the rest in flight.
    let answered = 0;
    let killed: Promise<void> | undefined;
    const burst = Array.from({ length: 24 }, (_, n) => {
      const body = validRequest(brand.id, {
        vehicle: { model: `N-BOX ${n}` },
        customer: { email: `burst${n}-${randomUUID().slice(0, 6)}@example.com` },
      });
      return postJson(brand.id, body, { ip: client(), onPort: port }).then(
        () => {
          answered += 1;
          if (answered === 3) killed ??= crashWorker(child);
        },
        () => undefined,
      );
    });
    await Promise.all(burst);
    await (killed ?? crashWorker(child));
  } catch (error) {
    await crashWorker(child).catch(() => undefined);
    throw error;
  }

  child = await start();
  try {
    const scheduled = await fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled`);
    expect(scheduled.status).toBe(200);
    const channels = ['webhook', 'shopNotice', 'receipt'];
    const labels = channels.map((name) => leadChannels.find((c) => c.name === name)!.label);
    const undelivered = async () => {
      const [header = [], ...rows] = parseCsv(await exportCsv(brand.id, port));
      const idColumn = header.findIndex((name) => name.endsWith('受付番号'));
      const columns = labels.map((label) => header.indexOf(`配信（${label}）`));
      return rows.flatMap((row) =>
        columns
          .filter((column) => !row[column]?.startsWith('配信済み'))
          .map((column) => `${row[idColumn]} ${header[column]}: ${row[column]}`),
      );
    };
    await expect.poll(undelivered, { timeout: 120_000, intervals: [1000] }).toEqual([]);
    // Each stored lead reached the webhook, those stranded by the kill included. A lead whose
    // webhook was sent but not yet marked sent when the Worker died may be sent again by its
    // queue (at least once; a receiver keeps the first of each id, docs/deploy.md).
    const [header = [], ...rows] = parseCsv(await exportCsv(brand.id, port));
    const ids = rows.map((row) => row[header.findIndex((name) => name.endsWith('受付番号'))]!);
    expect(ids.length).toBeGreaterThan(0);
    const received = () =>
      receiver.deliveries
        .filter((delivery) => delivery.status === 204)
        .map((delivery) => (JSON.parse(delivery.body) as { id: string }).id);
    expect([...new Set(received())].sort()).toEqual([...ids].sort());
    // A second sweep finds nothing more to send.
    const before = receiver.deliveries.length;
    await fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled`);
    await expect.poll(undelivered).toEqual([]);
    expect(receiver.deliveries).toHaveLength(before);
  } finally {
    await stopWorker(child);
    await receiver.close();
  }
});
