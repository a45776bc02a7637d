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

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    return env[brandIdForHost(request.headers.get('host') ?? '')].fetch(request);
  },
  // wrangler dev triggers the first Worker's cron only (/cdn-cgi/local/scheduled): every brand's.
  async scheduled(controller: { scheduledTime: number; cron: string }, env: Env): Promise<void> {
    await Promise.all(
      brandIds.map((brand) =>
        env[brand].scheduled({
          scheduledTime: new Date(controller.scheduledTime),
          cron: controller.cron,
        }),
      ),
    );
  },
};
