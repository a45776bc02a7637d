/**
 * The serving engines the smoke suite runs against, each on its own port on 127.0.0.1:
 * nginx (deploy/nginx/run.sh) and Cloudflare's runtime (deploy/cloudflare/dev.ts, the server of
 * `npm start`). SMOKE_ENGINES picks some (default: both); the ports come from NGINX_PORT and
 * CLOUDFLARE_PORT.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { brands, type BrandId } from '../../src/brand/brands';
import { mailSender } from '../../src/brand/mail';
import { keptMails, type KeptMail } from '../keptMail';
import { receiverEnv } from './conversionReceivers';

/** The default brand on plain localhost; another brand on a www. host that carries its marker. */
export function brandHost(brand: BrandId, port: number): string {
  const marker = brands[brand].hostMarker;
  return marker === null ? `localhost:${port}` : `www.${marker}.localhost:${port}`;
}

const engineNames = ['nginx', 'cloudflare'] as const;
export type EngineName = (typeof engineNames)[number];

export type Engine = { name: EngineName; port: number; command: string };

export const engines: Record<EngineName, Engine> = {
  nginx: {
    name: 'nginx',
    port: Number(process.env.NGINX_PORT ?? 4175),
    command: 'bash deploy/nginx/run.sh',
  },
  cloudflare: {
    name: 'cloudflare',
    port: Number(process.env.CLOUDFLARE_PORT ?? 4176),
    // Without building: the suite serves its own copy of the build (smokeDistDir).
    command: 'node --import tsx deploy/cloudflare/dev.ts --no-build',
  },
};

/**
 * The API spec's settings (e2e/smoke/api.spec.ts): the export's secret, the Cloudflare engine's
 * state folder (local D1, cleared once per run) and the folder its mails are kept in (beside it),
 * the port of the test's webhook receiver (the next one) and the webhook's secret, and the port
 * of the ad platforms' receivers (conversionReceivers.ts; the third after the engine's, the
 * second being the restarted Worker's).
 */
export const smokeApi = {
  exportSecret: 'smoke-export-secret',
  /** Opens the staff routes; carsupport's Worker takes Cloudflare Access instead (staff.spec.ts). */
  staffSecret: 'smoke-staff-secret-0123456789abcdef01',
  /** The stand-in for the Access team's key set (staff.spec.ts serves it), and its audience. */
  accessPort: Number(process.env.ACCESS_PORT ?? engines.cloudflare.port + 4),
  accessAudience: 'smoke-access-aud-carsupport',
  stateDir: `.data/smoke-cloudflare-state-${engines.cloudflare.port}`,
  webhookPort: Number(process.env.WEBHOOK_PORT ?? engines.cloudflare.port + 1),
  webhookSecret: 'smoke-webhook-secret',
  conversionsPort: Number(process.env.CONVERSIONS_PORT ?? engines.cloudflare.port + 3),
};

/** Where the Worker on `stateDir` keeps its mails as .eml files (MAIL_DIR). */
export function mailDirOf(stateDir = smokeApi.stateDir): string {
  return `${stateDir}-mail`;
}

/**
 * The Google service account of the smoke suite's Worker and receivers: an RSA key made on the
 * first use and kept in .data/ (never committed), so the Worker (started by the config) and the
 * spec that checks its tokens read the same one.
 */
export function smokeGoogleAccount(): { email: string; privateKey: string; publicKey: string } {
  const file = `.data/smoke-google-account-${engines.cloudflare.port}.json`;
  if (!existsSync(file)) {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const account = { email: 'smoke@shaken-smoke.iam.gserviceaccount.com', privateKey, publicKey };
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(account), { mode: 0o600 });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof smokeGoogleAccount>;
}

/** The environment of an engine's server for the API spec. */
export function apiEnv(engine: EngineName, stateDir = smokeApi.stateDir): Record<string, string> {
  if (engine !== 'cloudflare') return {};
  const account = smokeGoogleAccount();
  return {
    CLOUDFLARE_STATE_DIR: stateDir,
    MAIL_DIR: mailDirOf(stateDir),
    // config.ts puts each brand's id in place of {brand}.
    WEBHOOK_URL: `http://127.0.0.1:${smokeApi.webhookPort}/{brand}`,
    WEBHOOK_SECRET: smokeApi.webhookSecret,
    EXPORT_SECRET: smokeApi.exportSecret,
    STAFF_SECRET: smokeApi.staffSecret,
    ACCESS_TEAM_DOMAIN: `http://127.0.0.1:${smokeApi.accessPort}`,
    ACCESS_AUD_CARSUPPORT: smokeApi.accessAudience,
    RETRY_BASE_SECONDS: '1',
    // Google is asked for its report a second after the send, not half an hour (decision 018).
    GOOGLE_STATUS_DELAY_SECONDS: '1',
    // Every ad platform's channel, pointed at the receivers (the PEM's line breaks as \n, which
    // the Google channel reads back: .dev.vars holds one line per variable).
    ...receiverEnv(`http://127.0.0.1:${smokeApi.conversionsPort}`, {
      googleEmail: account.email,
      googlePrivateKeyPkcs8: account.privateKey.replace(/\n/g, '\\n'),
    }),
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

/** Every mail `brand`'s Worker sent (from the brand's sender), as the mail keeper wrote it. */
export async function sentMails(brand: BrandId, stateDir = smokeApi.stateDir): Promise<KeptMail[]> {
  return mailsOf(brand, undefined, stateDir);
}

/** The mails of lead `id` (its X-Lead-Id header); every mail where none is named. */
export async function mailsOf(
  brand: BrandId,
  id: string | undefined,
  stateDir = smokeApi.stateDir,
): Promise<KeptMail[]> {
  const sender = mailSender(brands[brand])?.email;
  return (await keptMails(mailDirOf(stateDir), id)).filter((mail) => mail.from === sender);
}
