// The wrangler configs generated from the brand table (deploy/cloudflare/config.ts); the smoke
// suite runs what they describe on workerd.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brandIds, brands } from '../../src/brand/brands';
import { mailSender } from '../../src/brand/mail';
import { pages as carsupportPages } from '../../src/content/carsupport/pages';
import { whereKept } from '../../src/content/privacyPromises';
import { pages as yamadaPages } from '../../src/content/yamada/pages';
import {
  brandConfig,
  devRouterConfig,
  devVars,
  resourceNames,
  workerName,
  writeConfigs,
} from '../../deploy/cloudflare/config';

type Config = {
  name: string;
  main: string;
  assets: { directory: string; binding: string; run_worker_first: boolean };
  d1_databases: Array<{
    binding: string;
    database_name: string;
    database_id?: string;
    preview_database_id?: string;
    migrations_dir: string;
  }>;
  queues: {
    producers: Array<{ binding: string; queue: string }>;
    consumers: Array<{ queue: string; max_retries?: number; dead_letter_queue?: string }>;
  };
  vars: Record<string, string>;
  routes?: Array<{ pattern: string; custom_domain: boolean }>;
  triggers: { crons: string[] };
};

/** The mail bindings of a config: Email Service's, or a service (the dev router's LocalMail). */
type MailBindings = {
  send_email?: Array<{ name: string; allowed_sender_addresses: string[] }>;
  services?: Array<{ binding: string; service: string; entrypoint?: string }>;
  vars?: Record<string, string>;
};

const outDir = '/srv/out';
const distDir = '/srv/dist';
const local = { outDir, distDir, local: true, env: {} };

describe('Cloudflare config generator', () => {
  it('gives every brand its own Worker, tree, database, queues and rate limiter', () => {
    // Where the privacy policy says the leads are kept: Cloudflare's Workers, D1 and Queues.
    for (const pages of [carsupportPages, yamadaPages]) {
      expect(JSON.stringify(pages.privacypolicy)).toContain(whereKept);
    }
    const configs = brandIds.map((brand) => brandConfig(brand, local) as Config);
    for (const [index, brand] of brandIds.entries()) {
      const config = configs[index]!;
      const names = resourceNames(brand);
      expect(config.name).toBe(workerName(brand));
      expect(resolve(outDir, brand, config.assets.directory)).toBe(join(distDir, brand));
      expect(config.assets.run_worker_first).toBe(true);
      expect(config.d1_databases[0]).toMatchObject({
        binding: 'DB',
        database_name: names.database,
      });
      expect(config.queues.producers).toEqual([{ binding: 'LEADS', queue: names.queue }]);
      expect(config.queues.consumers.map((consumer) => consumer.queue)).toEqual([
        names.queue,
        names.deadLetterQueue,
      ]);
      expect(config.queues.consumers[0]!.dead_letter_queue).toBe(names.deadLetterQueue);
      expect(config.vars).toMatchObject({ BRAND: brand, DEAD_LETTER_QUEUE: names.deadLetterQueue });
      // One Cron Trigger runs every job of server/jobs/ (the sweep, the 新規 alert, retention).
      expect(config.triggers).toEqual({ crons: ['*/10 * * * *'] });
    }
    const distinct = (values: string[]) => new Set(values).size === values.length;
    expect(distinct(configs.map((config) => config.name))).toBe(true);
    expect(distinct(configs.map((config) => config.d1_databases[0]!.database_name))).toBe(true);
    // wrangler dev names a local database by its preview id, else by the shared binding name.
    expect(distinct(configs.map((config) => config.d1_databases[0]!.preview_database_id!))).toBe(
      true,
    );
    expect(distinct(configs.map((config) => config.queues.producers[0]!.queue))).toBe(true);
  });

  it('points the Worker and migrations at this folder, relative to where the config is written', () => {
    const config = brandConfig(brandIds[0], local) as Config;
    const folder = join(outDir, brandIds[0]);
    expect(resolve(folder, config.main)).toBe(resolve('server/worker.ts'));
    expect(resolve(folder, config.d1_databases[0]!.migrations_dir)).toBe(
      resolve('server/db/migrations'),
    );
  });

  it('needs each database id to deploy, and takes ids and tuning from the environment', () => {
    const brand = brandIds[1];
    const suffix = brand.toUpperCase();
    expect(() => brandConfig(brand, { ...local, local: false })).toThrow(
      `D1_DATABASE_ID_${suffix}`,
    );
    const config = brandConfig(brand, {
      ...local,
      local: false,
      env: {
        [`D1_DATABASE_ID_${suffix}`]: 'db-uuid',
        [`BUSINESS_START_TIME_${suffix}`]: '10:00',
        [`CUSTOM_DOMAIN_${suffix}`]: 'www.example.jp',
      },
    }) as Config;
    expect(config.d1_databases[0]!.database_id).toBe('db-uuid');
    expect(config.routes).toEqual([{ pattern: 'www.example.jp', custom_domain: true }]);
    expect((brandConfig(brand, local) as Config).routes).toBeUndefined();
    expect(config.vars.BUSINESS_START_TIME).toBe('10:00');
    expect(config.vars.BUSINESS_END_TIME).toBeUndefined();
    // The ad platforms' production endpoints, unless the brand's environment names another;
    // none locally, where a platform's channel stays off until its endpoint is given.
    expect(config.vars.META_CONVERSIONS_ENDPOINT).toBe('https://graph.facebook.com/v25.0');
    expect(config.vars.LINE_CONVERSION_ENDPOINT).toBe('https://conversion-api.tr.line.me/v1');
    const elsewhere = brandConfig(brand, {
      ...local,
      local: false,
      env: {
        [`D1_DATABASE_ID_${suffix}`]: 'db-uuid',
        [`YAHOO_CONVERSION_ENDPOINT_${suffix}`]: 'https://yahoo.test/v1/',
      },
    }) as Config;
    expect(elsewhere.vars.YAHOO_CONVERSION_ENDPOINT).toBe('https://yahoo.test/v1/');
    expect(Object.keys((brandConfig(brand, local) as Config).vars)).not.toContain(
      'GOOGLE_DATA_MANAGER_ENDPOINT',
    );
    // Each platform's test mode and Google's status checks: the brand's value, else the shared.
    const tuned = brandConfig(brand, {
      ...local,
      env: {
        GOOGLE_STATUS_DELAY_SECONDS: '5',
        [`GOOGLE_STATUS_DELAY_SECONDS_${suffix}`]: '1',
        META_TEST_EVENT_CODE: 'TEST123',
      },
    }) as Config;
    expect(tuned.vars).toMatchObject({
      GOOGLE_STATUS_DELAY_SECONDS: '1',
      META_TEST_EVENT_CODE: 'TEST123',
    });
    expect(config.vars.GOOGLE_VALIDATE_ONLY).toBeUndefined();
    // Production retries for hours; local runs give up within seconds.
    expect(config.queues.consumers[0]!.max_retries).toBe(10);
    expect((brandConfig(brand, local) as Config).queues.consumers[0]!.max_retries).toBe(2);
    expect(() => brandConfig(brand, { ...local, env: { RETRY_BASE_SECONDS: 'many' } })).toThrow(
      /RETRY_BASE_SECONDS/,
    );
  });

  it('routes each brand by a service binding named after it in the dev router', () => {
    const router = devRouterConfig(local) as {
      services: Array<{ binding: string; service: string }>;
    };
    expect(router.services).toEqual(
      brandIds.map((brand) => ({ binding: brand, service: workerName(brand) })),
    );
  });

  it('sends with Email Service when deployed; locally through the dev router, which keeps each mail', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cloudflare-config-'));
    try {
      for (const brand of brandIds) {
        mkdirSync(join(dir, 'dist', brand), { recursive: true });
        writeFileSync(join(dir, 'dist', brand, '_headers'), '/*\n  X-Test: 1\n');
      }
      const keeper = 'http://127.0.0.1:5999/';
      const files = writeConfigs({
        outDir: join(dir, 'out'),
        distDir: join(dir, 'dist'),
        local: true,
        env: { MAIL_KEEPER_URL: keeper },
      });
      const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as MailBindings;
      const senders = brandIds.flatMap((brand) => mailSender(brands[brand])?.email ?? []);
      expect(senders.length).toBeGreaterThan(0);
      for (const [index, brand] of brandIds.entries()) {
        const config = read(files[index]!);
        const sender = mailSender(brands[brand]);
        expect(config.send_email).toBeUndefined();
        expect(config.services).toEqual(
          sender
            ? [{ binding: 'EMAIL', service: 'shaken-dev-router', entrypoint: 'LocalMail' }]
            : undefined,
        );
        const deployed = brandConfig(brand, {
          ...local,
          local: false,
          env: { [`D1_DATABASE_ID_${brand.toUpperCase()}`]: 'db' },
        }) as MailBindings;
        expect(deployed.services).toBeUndefined();
        expect(deployed.send_email).toEqual(
          sender ? [{ name: 'EMAIL', allowed_sender_addresses: [sender.email] }] : undefined,
        );
      }
      const router = read(files.at(-1)!);
      expect(router.send_email).toEqual([{ name: 'EMAIL', allowed_sender_addresses: senders }]);
      expect(router.vars).toEqual({ MAIL_KEEPER_URL: keeper });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("takes one set of opening hours for every brand locally, a brand's own first", () => {
    const [first, second] = brandIds;
    const env = {
      BUSINESS_START_TIME: '8:00',
      [`BUSINESS_START_TIME_${first.toUpperCase()}`]: '10:30',
    };
    expect((brandConfig(first, { ...local, env }) as Config).vars.BUSINESS_START_TIME).toBe(
      '10:30',
    );
    expect((brandConfig(second!, { ...local, env }) as Config).vars.BUSINESS_START_TIME).toBe(
      '8:00',
    );
    const deployed = brandConfig(second!, {
      ...local,
      local: false,
      env: { ...env, [`D1_DATABASE_ID_${second!.toUpperCase()}`]: 'db' },
    }) as Config;
    expect(deployed.vars.BUSINESS_START_TIME).toBeUndefined();
  });

  it("writes a brand's local secrets, with its id in the webhook URL, and refuses a line break", () => {
    const env = {
      WEBHOOK_URL: 'http://127.0.0.1:5212/{brand}',
      WEBHOOK_SECRET: 'hook',
      EXPORT_SECRET: 'export',
    };
    expect(devVars(brandIds[0], env)).toBe(
      `WEBHOOK_URL="http://127.0.0.1:5212/${brandIds[0]}"\nWEBHOOK_SECRET="hook"\nEXPORT_SECRET="export"\n`,
    );
    expect(devVars(brandIds[0], {})).toBe('');
    // The ad platforms' variables, as the environment gives them (the smoke suite's receivers).
    expect(devVars(brandIds[0], { META_PIXEL_ID: '42', META_ACCESS_TOKEN: 'meta' })).toBe(
      'META_PIXEL_ID="42"\nMETA_ACCESS_TOKEN="meta"\n',
    );
    expect(() => devVars(brandIds[0], { EXPORT_SECRET: 'a\nWEBHOOK_URL=x' })).toThrow();
  });

  it('refuses a STAFF_SECRET shorter than 32 characters, and takes one of 32', () => {
    expect(() => devVars(brandIds[0], { STAFF_SECRET: 'x'.repeat(31) })).toThrow(
      'STAFF_SECRET must be at least 32 characters',
    );
    expect(devVars(brandIds[0], { STAFF_SECRET: 'x'.repeat(32) })).toBe(
      `STAFF_SECRET="${'x'.repeat(32)}"\n`,
    );
  });

  it('writes the files, secrets readable by the owner only, and refuses a dist without trees', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cloudflare-config-'));
    try {
      expect(() =>
        writeConfigs({ ...local, outDir: join(dir, 'out'), distDir: join(dir, 'none') }),
      ).toThrow(/npm run build/);
      for (const brand of brandIds) {
        mkdirSync(join(dir, 'dist', brand), { recursive: true });
        writeFileSync(join(dir, 'dist', brand, '_headers'), '/*\n  X-Test: 1\n');
      }
      const files = writeConfigs({
        outDir: join(dir, 'out'),
        distDir: join(dir, 'dist'),
        local: true,
        env: { EXPORT_SECRET: 'x' },
      });
      expect(files).toEqual([
        ...brandIds.map((brand) => join(dir, 'out', brand, 'wrangler.json')),
        join(dir, 'out', 'dev-router', 'wrangler.json'),
      ]);
      const config = JSON.parse(readFileSync(files[0]!, 'utf8')) as Config;
      expect(config.name).toBe(workerName(brandIds[0]));
      const vars = join(dir, 'out', brandIds[0], '.dev.vars');
      expect(readFileSync(vars, 'utf8')).toBe('EXPORT_SECRET="x"\n');
      expect(statSync(vars).mode & 0o077).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
