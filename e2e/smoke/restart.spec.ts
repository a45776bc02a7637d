// A restart of the Worker on workerd keeps its local D1 (persisted): a second Worker of its own,
// on its own port and state folder, so this runs beside api.spec.ts, whose receivers it never
// reaches (its lead has the honeypot filled: stored, but queued for nothing but the shop's mail).
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { brandEnvName, brands } from '../../src/brand/brands';
import { businessTimePath } from '../../src/business-hours/loadBusinessHours';
import { honeypotField } from '../../src/estimate/contract/validation/estimateSchema';
import { apiEnv, engines, mailDirOf, smokeApi } from './engines';
import {
  call,
  client,
  cloudflareOnly,
  csvLine,
  exportCsv,
  idOf,
  lead,
  postJson,
  startWorker,
  stopWorker,
} from './workerApi';

test('a lead survives a restart of the Worker (persisted local D1); hours per brand', async () => {
  test.skip(test.info().project.name !== 'cloudflare', cloudflareOnly);
  test.setTimeout(180_000);
  const brand = Object.values(brands)[0]!;
  const restartPort = engines.cloudflare.port + 2;
  const stateDir = `${smokeApi.stateDir}-restart`;
  rmSync(stateDir, { recursive: true, force: true });
  // This brand's opening hours, from the deploy-time environment (config.ts).
  const hoursVar = brandEnvName('BUSINESS_START_TIME', brand.id);
  const start = () =>
    startWorker(restartPort, { ...apiEnv('cloudflare', stateDir), [hoursVar]: '10:30' });

  const key = randomUUID();
  const body = { ...lead(brand.id), [honeypotField]: 'x' };
  let child = await start();
  let id: string;
  try {
    id = idOf(await postJson(brand.id, body, { key, ip: client(), onPort: restartPort }));
  } finally {
    await stopWorker(child);
  }
  child = await start();
  try {
    expect(idOf(await postJson(brand.id, body, { key, ip: client(), onPort: restartPort }))).toBe(
      id,
    );
    expect(csvLine(await exportCsv(brand.id, restartPort), id)).toContain('山田');
    const hours = await call(brand.id, { path: businessTimePath }, restartPort);
    expect(JSON.parse(hours.body)).toEqual({ start_time: '10:30', end_time: '19:00' });
  } finally {
    await stopWorker(child);
    rmSync(stateDir, { recursive: true, force: true });
    rmSync(mailDirOf(stateDir), { recursive: true, force: true });
  }
});
