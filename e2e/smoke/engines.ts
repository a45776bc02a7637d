/**
 * The serving engines the smoke suite runs against, each on its own port on 127.0.0.1:
 * the local origin (server/), nginx (deploy/nginx/run.sh) and Cloudflare's runtime
 * (deploy/cloudflare/run.sh). SMOKE_ENGINES picks some (default: all); the ports come from
 * E2E_PORT (local origin), NGINX_PORT and CLOUDFLARE_PORT.
 */
import { brands, type BrandId } from '../../src/brand/brands';

/** The default brand on plain localhost; another brand on a www. host that carries its marker. */
export function brandHost(brand: BrandId, port: number): string {
  const marker = brands[brand].hostMarker;
  return marker === null ? `localhost:${port}` : `www.${marker}.localhost:${port}`;
}

const engineNames = ['origin', 'nginx', 'cloudflare'] as const;
export type EngineName = (typeof engineNames)[number];

export type Engine = { name: EngineName; port: number; command: string };

export const engines: Record<EngineName, Engine> = {
  origin: {
    name: 'origin',
    port: Number(process.env.E2E_PORT ?? 4174),
    command: 'node --import tsx server/main.ts',
  },
  nginx: {
    name: 'nginx',
    port: Number(process.env.NGINX_PORT ?? 4175),
    command: 'bash deploy/nginx/run.sh',
  },
  cloudflare: {
    name: 'cloudflare',
    port: Number(process.env.CLOUDFLARE_PORT ?? 4176),
    command: 'bash deploy/cloudflare/run.sh',
  },
};

/**
 * The API spec's settings (e2e/smoke/api.spec.ts): the export's secret (the local origin and the
 * Cloudflare engine), and the Cloudflare engine's state folder (local D1, cleared once per run),
 * the port of the test's webhook receiver (the next one) and the webhook's secret.
 */
export const smokeApi = {
  exportSecret: 'smoke-export-secret',
  stateDir: `.data/smoke-cloudflare-state-${engines.cloudflare.port}`,
  webhookPort: Number(process.env.WEBHOOK_PORT ?? engines.cloudflare.port + 1),
  webhookSecret: 'smoke-webhook-secret',
  /** The local origin's file of leads, cleared once per run. */
  estimatesFile: `.data/smoke-estimates-${engines.origin.port}.jsonl`,
};

/** The environment of an engine's server for the API spec. */
export function apiEnv(engine: EngineName, stateDir = smokeApi.stateDir): Record<string, string> {
  if (engine === 'origin') {
    // Every test posts from 127.0.0.1, the one address the origin's limiter sees: no 429 here.
    return {
      EXPORT_SECRET: smokeApi.exportSecret,
      ESTIMATES_FILE: smokeApi.estimatesFile,
      MAIL_DIR: `.data/smoke-mail-${engines.origin.port}`,
      ESTIMATES_RATE_LIMIT: '100000',
    };
  }
  if (engine !== 'cloudflare') return {};
  return {
    CLOUDFLARE_STATE_DIR: stateDir,
    // run.sh puts each brand's id in place of {brand}.
    WEBHOOK_URL: `http://127.0.0.1:${smokeApi.webhookPort}/{brand}`,
    WEBHOOK_SECRET: smokeApi.webhookSecret,
    EXPORT_SECRET: smokeApi.exportSecret,
    RETRY_BASE_SECONDS: '1',
  };
}

export function selectedEngines(): Engine[] {
  const names = (process.env.SMOKE_ENGINES ?? engineNames.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(engineNames as readonly string[]).includes(name)) {
      throw new Error(`SMOKE_ENGINES: unknown engine ${name} (known: ${engineNames.join(', ')})`);
    }
  }
  return names.map((name) => engines[name as EngineName]);
}

/** The built trees every engine serves: a copy of dist/ with a previous build's files added. */
export const smokeDistDir = '.data/smoke-dist';

/** The id of the fake previous build whose payloads and meta an open tab would still load. */
export const previousBuildId = 'smoke-previous-build';
