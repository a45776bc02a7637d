// A real local D1 database with the Worker's migrations applied, from wrangler's platform proxy
// (Miniflare on workerd, as wrangler dev runs it), for the D1 tests: `npm run test:d1` runs them with the Node 22
// of deploy/cloudflare/ (vitest.d1.config.ts), where wrangler and Miniflare are installed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NewStageChange } from '../../server/staff/stages';
import { D1LeadStore } from '../../server/db/leads';
import { D1Staff } from '../../server/db/staff';
import type { D1Database } from '../../server/env';

const cloudflareDir = resolve('deploy/cloudflare');
const migrationsDir = resolve('server/db/migrations');

/** The little of wrangler's API used here (its types live in deploy/cloudflare/node_modules). */
type WranglerModule = {
  getPlatformProxy(options: {
    configPath: string;
    persist: boolean;
  }): Promise<{ env: Record<string, unknown>; dispose(): Promise<void> }>;
};

export type LocalD1 = {
  db: D1Database;
  /** Empties every table the migrations made, whatever a later migration adds. */
  empty(): Promise<void>;
  dispose(): Promise<void>;
};

/** The statements of every migration, in the order wrangler applies them (by file name). */
function migrationStatements(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .flatMap((name) =>
      readFileSync(join(migrationsDir, name), 'utf8')
        .replace(/--.*$/gm, '')
        .split(';')
        .map((statement) => statement.trim())
        .filter(Boolean),
    );
}

/**
 * A fresh D1 database with every migration applied: wrangler's platform proxy (Miniflare, not
 * persisted) with a config that binds one database as `DB`, as the Worker's config does.
 */
export async function localD1(): Promise<LocalD1> {
  const dir = mkdtempSync(join(tmpdir(), 'd1-tests-'));
  const configPath = join(dir, 'wrangler.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      name: 'd1-tests',
      compatibility_date: '2026-11-01',
      d1_databases: [{ binding: 'DB', database_name: 'leads', database_id: 'local' }],
    }),
  );
  const path = createRequire(join(cloudflareDir, 'package.json')).resolve('wrangler');
  const { getPlatformProxy } = (await import(pathToFileURL(path).href)) as WranglerModule;
  const proxy = await getPlatformProxy({ configPath, persist: false });
  const db = proxy.env.DB as D1Database;
  for (const statement of migrationStatements()) await db.prepare(statement).run();
  const { results: tables } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' " +
        "AND name NOT LIKE 'd1_%' AND name NOT LIKE '_cf_%'",
    )
    .all<{ name: string }>();
  return {
    db,
    async empty() {
      await db.batch(tables.map(({ name }) => db.prepare(`DELETE FROM ${name}`)));
    },
    async dispose() {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A file's local D1 with the lead store and the staff's store on it: opened before its tests, closed after. */
export function staffStoresOnD1(): { d1: LocalD1; leads: D1LeadStore; staff: D1Staff } {
  const on = {} as { d1: LocalD1; leads: D1LeadStore; staff: D1Staff };
  beforeAll(async () => {
    on.d1 = await localD1();
    on.leads = new D1LeadStore(on.d1.db);
    on.staff = new D1Staff(on.d1.db, on.leads);
  });
  beforeEach(() => on.d1.empty());
  afterAll(async () => {
    await on.d1.dispose();
  });
  return on;
}

/** A stage change by a member of staff, as the staff API records it. */
export function stageChange(
  leadId: string,
  overrides: Partial<NewStageChange> = {},
): NewStageChange {
  return {
    leadId,
    stage: 'contacted',
    at: '2026-11-25T01:00:00.000Z',
    actor: 'sato@shop.example',
    progress: 1,
    idempotencyKey: `k-${Math.random()}`,
    requestHash: 'h',
    ...overrides,
  };
}
