// Local only, never deployed: one port for every brand, each request passed to its Worker by Host;
// and, as LocalMail, every brand Worker's EMAIL binding (config.ts, --local).
import { WorkerEntrypoint } from 'cloudflare:workers';
import { brandIdForHost, brandIds, type BrandId } from '../../src/brand/brands';

type BrandWorker = {
  fetch(request: Request): Promise<Response>;
  scheduled(options: { scheduledTime: Date; cron: string }): Promise<unknown>;
};
type Env = Record<BrandId, BrandWorker> & {
  EMAIL?: SendEmail;
  MAIL_KEEPER_URL?: string;
};

/**
 * A brand Worker's `env.EMAIL`: the message goes through the simulation (its sender check, its
 * Local Explorer, its answer) and then to the keeper, so each mail is also a file on disk.
 */
export class LocalMail extends WorkerEntrypoint<Env> {
  async send(message: EmailMessageBuilder): Promise<EmailSendResult> {
    if (!this.env.EMAIL) throw new Error('the dev router has no send_email binding');
    const answer = await this.env.EMAIL.send(message);
    if (this.env.MAIL_KEEPER_URL) {
      const kept = await fetch(this.env.MAIL_KEEPER_URL, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(message),
      });
      await kept.body?.cancel();
      if (!kept.ok) throw new Error(`the mail keeper answered ${kept.status}`);
    }
    return answer;
  }
}

/** Every brand's Cron at `time` (ms), as the scheduled event would give it. */
function runCrons(env: Env, time: number, cron: string): Promise<unknown> {
  return Promise.all(
    brandIds.map((brand) => env[brand].scheduled({ scheduledTime: new Date(time), cron })),
  );
}

/** `GET /__dev/cron?time=<epoch ms>`: any day's reminders and 案内, answered once they ran. */
const devCronPath = '/__dev/cron';

async function devCron(url: URL, env: Env): Promise<Response> {
  const time = Number(url.searchParams.get('time') ?? Date.now());
  if (!Number.isSafeInteger(time) || time < 0) {
    return new Response('time: epoch milliseconds\n', { status: 400 });
  }
  try {
    await runCrons(env, time, '*/10 * * * *');
  } catch (error) {
    return new Response(`a Cron job failed: ${String(error)}\n`, { status: 500 });
  }
  return new Response(`ran every brand's Cron at ${new Date(time).toISOString()}\n`);
}

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === devCronPath && request.method === 'GET') return devCron(url, env);
    return env[brandIdForHost(request.headers.get('host') ?? '')].fetch(request);
  },
  // wrangler dev triggers the first Worker's cron only (/cdn-cgi/local/scheduled): every brand's.
  async scheduled(controller: { scheduledTime: number; cron: string }, env: Env): Promise<void> {
    await runCrons(env, controller.scheduledTime, controller.cron);
  },
};
