/**
 * The serving engines the smoke suite runs against, each on its own port on 127.0.0.1:
 * the local origin (server/), nginx (deploy/nginx/run.sh) and Cloudflare's runtime
 * (deploy/cloudflare/run.sh). SMOKE_ENGINES picks some (default: all); the ports come from
 * E2E_PORT (local origin), NGINX_PORT and CLOUDFLARE_PORT.
 */
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
 * The Cloudflare engine's test settings (e2e/smoke/api.spec.ts): its state folder (local D1),
 * which the suite clears once per run, the port of the test's webhook receiver (the next one),
 * and secrets that exist only in this test run.
 */
export const cloudflareApi = {
  stateDir: `.data/smoke-cloudflare-state-${engines.cloudflare.port}`,
  webhookPort: Number(process.env.WEBHOOK_PORT ?? engines.cloudflare.port + 1),
  webhookSecret: 'smoke-webhook-secret',
  exportSecret: 'smoke-export-secret',
  /** Requests per minute per client address; low, so the 429 test posts few leads. */
  rateLimit: 10,
};

/** The environment run.sh gets for the API (WEBHOOK_URL's `{brand}` becomes each brand id). */
export function cloudflareApiEnv(stateDir: string): Record<string, string> {
  return {
    CLOUDFLARE_STATE_DIR: stateDir,
    WEBHOOK_URL: `http://127.0.0.1:${cloudflareApi.webhookPort}/{brand}`,
    WEBHOOK_SECRET: cloudflareApi.webhookSecret,
    EXPORT_SECRET: cloudflareApi.exportSecret,
    RATE_LIMIT: String(cloudflareApi.rateLimit),
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
