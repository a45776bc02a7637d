/**
 * Time from the 201 to each lead mail on Cloudflare's runtime (workerd): starts
 * deploy/cloudflare/dev.ts on a fresh state, posts leads one after the other (alternating brands,
 * each from its own client address) and reads when each mail was kept (the time in the name of
 * its .eml file, written once the send_email simulation took it), then prints the median and
 * range per mail.
 *   npm run build && node --import tsx bench/mailTiming.ts      (MAIL_TIMING_PORT, default 4278;
 *   MAIL_TIMING_RUNS, default 10)
 * Locally the queue batches for up to 1 s (config.ts, --local); deployed, up to 5 s.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brandHost } from '../e2e/smoke/engines';
import { keptMails } from '../e2e/keptMail';
import { rawCall } from '../e2e/leadRecords';
import { brandIds, type BrandId } from '../src/brand/brands';
import { validRequest } from '../tests/factories/estimate';
import { formatSummary, ms, summarize } from './stats';

const port = Number(process.env.MAIL_TIMING_PORT ?? 4278);
const runs = Number(process.env.MAIL_TIMING_RUNS ?? 10);
const mailKinds = ['receipt', 'shop-notice'] as const;

async function post(
  brand: BrandId,
  body: string,
  n: number,
): Promise<{ status: number; id: string }> {
  const answer = await rawCall(port, brandHost(brand, port), {
    method: 'POST',
    path: '/api/estimates',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
      'CF-Connecting-IP': `192.0.2.${n + 1}`,
    },
    body,
  });
  const id = answer.status === 201 ? (JSON.parse(answer.body) as { id: string }).id : '';
  return { status: answer.status, id };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const state = mkdtempSync(join(tmpdir(), 'mail-timing-'));
const server = spawn(
  process.execPath,
  ['--import', 'tsx', 'deploy/cloudflare/dev.ts', '--no-build'],
  {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      INSPECTOR_PORT: String(port + 1),
      CLOUDFLARE_STATE_DIR: join(state, 'd1'),
      MAIL_DIR: join(state, 'mail'),
    },
  },
);
try {
  await waitFor(
    async () => ((await fetch(`http://127.0.0.1:${port}/robots.txt`)).ok ? true : undefined),
    120_000,
  );
  const delays: Record<(typeof mailKinds)[number], number[]> = { receipt: [], 'shop-notice': [] };
  for (let n = 0; n < runs; n += 1) {
    const brand = brandIds[n % brandIds.length]!;
    const body = JSON.stringify(
      validRequest(brand, { customer: { email: `timing${n}@example.com` } }),
    );
    const answer = await post(brand, body, n);
    const answeredAt = Date.now();
    if (answer.status !== 201) throw new Error(`POST answered ${answer.status}`);
    const mails = await waitFor(async () => {
      const found = await keptMails(join(state, 'mail'), answer.id);
      return found.length === mailKinds.length ? found : undefined;
    }, 60_000);
    for (const mail of mails) {
      const kind = mail.kind as (typeof mailKinds)[number];
      delays[kind].push(Date.parse(mail.sentAt) - answeredAt);
    }
  }
  for (const kind of mailKinds) {
    console.log(`${kind}: ${formatSummary(summarize(delays[kind]), ms, ' ms')} after the 201`);
  }
} finally {
  process.kill(-server.pid!, 'SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(state, { recursive: true, force: true });
}
