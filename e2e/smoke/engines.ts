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
