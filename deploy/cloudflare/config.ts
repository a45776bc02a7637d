// Writes the wrangler config of every brand's Worker and, with --local, the dev router and each
// .dev.vars (never committed). The environment variables it reads: docs/deploy.md.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  brandEnvName,
  brandIds,
  brands,
  localOrigin,
  type BrandId,
  siteUrlVariable,
} from '../../src/brand/brands';
import { mailSender } from '../../src/brand/mail';
import { checkRelease } from '../releaseCheck';
import {
  conversionOptions,
  conversionVariables,
  productionEndpoints,
} from '../../server/platforms/index';
import { staffSecretMinLength } from '../../server/staff/auth';

const here = dirname(fileURLToPath(import.meta.url));
const serverDir = resolve(here, '../../server');
const compatibilityDate = '2026-11-01';
const devRouterFolder = 'dev-router';
/**
 * Every 10 minutes: a lead stranded between the insert and the queue waits at most ~25 minutes;
 * the 新規 alert mails each lead once, so it may run as often.
 */
const cronSchedule = '*/10 * * * *';

type Environment = Record<string, string | undefined>;

export type CloudflareConfigOptions = {
  outDir: string;
  distDir: string;
  /** wrangler dev: local D1 and queues, short retries, no database ids. */
  local: boolean;
  env: Environment;
};

export function workerName(brand: BrandId): string {
  return `shaken-${brand}`;
}

/** The names of a brand's Cloudflare resources, as docs/deploy.md creates them. */
export function resourceNames(brand: BrandId) {
  return {
    database: `shaken-leads-${brand}`,
    queue: `shaken-leads-${brand}`,
    deadLetterQueue: `shaken-leads-${brand}-dlq`,
  };
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name}: not a whole number`);
  return number;
}

export function brandConfig(brand: BrandId, options: CloudflareConfigOptions): object {
  const folder = join(options.outDir, brand);
  const path = (target: string) => relative(folder, target) || '.';
  const names = resourceNames(brand);
  const databaseVariable = brandEnvName('D1_DATABASE_ID', brand);
  const databaseId = options.env[databaseVariable];
  if (!options.local && !databaseId) {
    throw new Error(`set ${databaseVariable} (wrangler d1 create ${names.database})`);
  }
  const retries = options.local
    ? { max_retries: 2, retry_delay: 1, max_batch_timeout: 1 }
    : { max_retries: 10, retry_delay: 30, max_batch_timeout: 5 };
  const retryBase = options.local
    ? positiveInteger(options.env.RETRY_BASE_SECONDS, 1, 'RETRY_BASE_SECONDS')
    : retries.retry_delay;
  const vars: Record<string, string> = {
    BRAND: brand,
    DEAD_LETTER_QUEUE: names.deadLetterQueue,
    RETRY_BASE_SECONDS: String(retryBase),
  };
  if (options.env.ACCESS_TEAM_DOMAIN) vars.ACCESS_TEAM_DOMAIN = options.env.ACCESS_TEAM_DOMAIN;
  // ACCESS_AUD: the brand's Cloudflare Access application (docs/deploy.md, "Staff").
  const perBrand = ['BUSINESS_START_TIME', 'BUSINESS_END_TIME', 'SHOP_MAIL_TO', 'OPS_MAIL_TO'];
  for (const name of [...perBrand, 'ACCESS_AUD', 'NEW_LEAD_ALERT_HOURS']) {
    const value = options.env[brandEnvName(name, brand)];
    if (value) vars[name] = value;
  }
  // Locally, one set of hours may serve every brand (BUSINESS_START_TIME without a brand).
  for (const name of options.local ? ['BUSINESS_START_TIME', 'BUSINESS_END_TIME'] : []) {
    const value = options.env[name];
    if (value) vars[name] ??= value;
  }
  for (const [name, production] of Object.entries(productionEndpoints)) {
    const value = options.env[brandEnvName(name, brand)] ?? (options.local ? '' : production);
    if (value) vars[name] = value;
  }
  // Test modes, Google's status checks, LINEヤフー's snippet, the rate limit: `<NAME>_<BRAND>`,
  // else `<NAME>`.
  for (const name of [...conversionOptions, 'ESTIMATES_RATE_LIMIT']) {
    const value = options.env[brandEnvName(name, brand)] ?? options.env[name];
    if (value) vars[name] = value;
  }
  const site = options.env[siteUrlVariable(brand)];
  if (site) vars.SITE_URL = new URL(site).origin;
  else if (options.local) vars.SITE_URL = localOrigin(brand, Number(options.env.PORT) || 4173);
  // Locally, mail goes nowhere: stand-in addresses let every mail be composed and kept.
  if (options.local) {
    if (options.env.OUTBOX_GRACE_SECONDS)
      vars.OUTBOX_GRACE_SECONDS = options.env.OUTBOX_GRACE_SECONDS;
    vars.SHOP_MAIL_TO ??= `shop@${brand}.localhost`;
    vars.OPS_MAIL_TO ??= `ops@${brand}.localhost`;
  }
  const sender = mailSender(brands[brand]);
  const domain = options.env[brandEnvName('CUSTOM_DOMAIN', brand)];
  return {
    name: workerName(brand),
    main: path(join(serverDir, 'worker.ts')),
    compatibility_date: compatibilityDate,
    // Smaller to upload and to parse at startup; the source map keeps stack traces readable.
    minify: true,
    upload_source_maps: true,
    ...(domain && { routes: [{ pattern: domain, custom_domain: true }] }),
    assets: {
      directory: path(join(options.distDir, brand)),
      binding: 'ASSETS',
      html_handling: 'drop-trailing-slash',
      not_found_handling: '404-page',
      run_worker_first: true,
    },
    d1_databases: [
      {
        binding: 'DB',
        database_name: names.database,
        ...(databaseId && { database_id: databaseId }),
        // wrangler names a local database by this id, else by the binding, which every brand
        // shares: without it, the brands' Workers would share one local database.
        ...(options.local && { preview_database_id: `local-${names.database}` }),
        migrations_dir: path(join(serverDir, 'db', 'migrations')),
      },
    ],
    queues: {
      producers: [{ binding: 'LEADS', queue: names.queue }],
      consumers: [
        {
          queue: names.queue,
          max_batch_size: 10,
          max_batch_timeout: retries.max_batch_timeout,
          max_retries: retries.max_retries,
          retry_delay: retries.retry_delay,
          dead_letter_queue: names.deadLetterQueue,
        },
        // Its consumer only marks the lead dead-lettered in D1 (server/delivery/consumer.ts).
        { queue: names.deadLetterQueue, max_batch_size: 10, max_batch_timeout: 1 },
      ],
    },
    ...(sender && {
      send_email: [{ name: 'EMAIL', allowed_sender_addresses: [sender.email] }],
    }),
    vars,
    // Every job of server/jobs/ (worker.ts scheduled): the outbox sweep, the 新規 alert,
    // the retention period's erasure (bounded per run, so every 10 minutes suits it too).
    triggers: { crons: [cronSchedule] },
    observability: { enabled: true },
  };
}

const devRouterName = 'shaken-dev-router';

/**
 * Local only: one port for every brand, each request passed to its brand's Worker by Host; it
 * also sends the brands' mail (LocalMail), through wrangler's send_email simulation and to the
 * start script's mail keeper (MAIL_KEEPER_URL), which writes each one as an .eml file.
 */
export function devRouterConfig(options: CloudflareConfigOptions): object {
  const senders = brandIds.flatMap((brand) => mailSender(brands[brand])?.email ?? []);
  const keeper = options.env.MAIL_KEEPER_URL;
  return {
    name: devRouterName,
    main: relative(join(options.outDir, devRouterFolder), join(here, 'dev-router.ts')),
    compatibility_date: compatibilityDate,
    services: brandIds.map((brand) => ({ binding: brand, service: workerName(brand) })),
    ...(senders.length > 0 && {
      send_email: [{ name: 'EMAIL', allowed_sender_addresses: [...new Set(senders)] }],
    }),
    ...(keeper && { vars: { MAIL_KEEPER_URL: keeper } }),
  };
}

/** Locally a brand's EMAIL is the dev router's LocalMail, so every mail is also kept on disk. */
function withLocalMail(config: Record<string, unknown>): object {
  if (!config.send_email) return config;
  const local = { ...config };
  delete local.send_email;
  return {
    ...local,
    services: [{ binding: 'EMAIL', service: devRouterName, entrypoint: 'LocalMail' }],
  };
}

function devVar(name: string, value: string): string {
  if (/["\n\r]/.test(value)) throw new Error(`${name}: cannot write a quote or a line break`);
  return `${name}="${value}"\n`;
}

export function devVars(brand: BrandId, env: Environment): string {
  const staffSecret = env.STAFF_SECRET?.trim();
  if (staffSecret && staffSecret.length < staffSecretMinLength) {
    throw new Error(
      `STAFF_SECRET must be at least ${staffSecretMinLength} characters (openssl rand -base64 32)`,
    );
  }
  const values: Record<string, string | undefined> = {
    WEBHOOK_URL: env.WEBHOOK_URL?.replaceAll('{brand}', brand),
    WEBHOOK_SECRET: env.WEBHOOK_SECRET,
    EXPORT_SECRET: env.EXPORT_SECRET,
    STAFF_SECRET: env.STAFF_SECRET,
  };
  for (const name of [...Object.values(conversionVariables).flat(), ...conversionOptions]) {
    values[name] = env[name];
  }
  return Object.entries(values)
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([name, value]) => devVar(name, value))
    .join('');
}

export function writeConfigs(options: CloudflareConfigOptions): string[] {
  const written: string[] = [];
  const write = (folder: string, config: object) => {
    mkdirSync(join(options.outDir, folder), { recursive: true });
    const file = join(options.outDir, folder, 'wrangler.json');
    writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
    written.push(file);
  };
  for (const brand of brandIds) {
    if (options.local && !existsSync(join(options.distDir, brand, '_headers'))) {
      throw new Error(`${options.distDir} has no built ${brand} tree: run npm run build first`);
    }
    const config = brandConfig(brand, options) as Record<string, unknown>;
    write(brand, options.local ? withLocalMail(config) : config);
    if (options.local) {
      writeFileSync(join(options.outDir, brand, '.dev.vars'), devVars(brand, options.env), {
        mode: 0o600,
      });
    }
  }
  if (options.local) write(devRouterFolder, devRouterConfig(options));
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const distAt = args.indexOf('--dist');
  const outArg = args.find((arg, index) => !arg.startsWith('--') && index !== distAt + 1);
  if (!outArg || (distAt >= 0 && !args[distAt + 1])) {
    console.error(
      'usage: node --import tsx deploy/cloudflare/config.ts <out dir> [--dist <dir>] [--local]',
    );
    process.exit(2);
  }
  const local = args.includes('--local');
  // A production config only for a release whose operator facts are all given.
  if (!local && !checkRelease(process.env)) process.exit(1);
  try {
    const files = writeConfigs({
      outDir: resolve(outArg),
      distDir: resolve(distAt >= 0 ? args[distAt + 1]! : 'dist'),
      local,
      env: process.env,
    });
    process.stdout.write(`${files.join('\n')}\n`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
