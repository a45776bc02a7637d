/**
 * The local origin's mail (Node only): the same channels and messages as the Worker's
 * (leadChannels.ts, leadMail.ts), sent at once instead of through a queue, each message written
 * as an .eml file under MAIL_DIR (default .data/mail/) by nodemailer's MIME composer, its path
 * logged. Nothing leaves the machine. No per-channel state is kept here (router.ts declares it):
 * a failure is logged, and the lead stays in the file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { BrandId } from '../../src/brand/brands';
import { brandEnvName } from '../core/brandEnv';
import type { MailMessage } from '../core/leadMail';
import type { LeadNotifier, LeadStore } from '../core/leadStore';
import { leadChannels, type DeliveryContext } from '../core/leadChannels';
import { addressList, type Mailer } from '../core/mailChannels';

/**
 * The message as MIME: headers encoded (RFC 2047) and folded, Message-ID and Date added.
 * @internal Exported for tests, which parse what it writes.
 */
export async function mimeOf(message: MailMessage): Promise<Buffer> {
  const composer = new MailComposer({
    from: { name: message.from.name, address: message.from.email },
    to: message.to,
    ...(message.replyTo && {
      replyTo:
        typeof message.replyTo === 'string'
          ? message.replyTo
          : { name: message.replyTo.name, address: message.replyTo.email },
    }),
    subject: message.subject,
    text: message.text,
    headers: message.headers,
    textEncoding: 'base64',
  });
  return composer.compile().build();
}

let sequence = 0;

/** Writes each message as `<time>-<n>-<kind>.eml` in `dir`, logging its path. */
function createFileMailer(dir: string): Mailer {
  return {
    async send(message) {
      const raw = await mimeOf(message);
      const kind = (message.headers['X-Lead-Mail'] ?? 'mail').replace(/[^a-z-]/g, '');
      const lead = (message.headers['X-Lead-Id'] ?? '').replace(/[^A-Za-z0-9-]/g, '');
      sequence += 1;
      const name = `${Date.now()}-${sequence}${lead ? `-${lead}` : ''}-${kind}.eml`;
      await mkdir(dir, { recursive: true });
      const path = join(dir, name);
      await writeFile(path, raw);
      console.log(`[mail] ${kind} to ${message.to.join(', ')}: ${path}`);
    },
  };
}

/** The shop's addresses: SHOP_MAIL_TO_<BRAND>, else a local stand-in (nothing is sent). */
function localShopAddresses(env: Record<string, string | undefined>) {
  return (brand: BrandId): string[] => {
    const configured = addressList(env[brandEnvName('SHOP_MAIL_TO', brand)]);
    return configured.length > 0 ? configured : [`shop@${brand}.localhost`];
  };
}

/** Runs every channel (leadChannels.ts) for each new lead at once, in the request. */
export function createLocalMailNotifier(options: {
  store: LeadStore;
  mailDir: string;
  env?: Record<string, string | undefined>;
}): LeadNotifier {
  const context: DeliveryContext = {
    mailer: createFileMailer(options.mailDir),
    shopAddresses: localShopAddresses(options.env ?? process.env),
    store: options.store,
    // No webhook and no ad platform locally: their channels are off (router.ts says why).
    webhook: null,
    fetch,
    env: {},
    now: () => new Date(),
  };
  return {
    async created(lead) {
      for (const channel of leadChannels) {
        try {
          const decision = await channel.decide(lead, context);
          if (decision.kind === 'send') await channel.send(lead, context);
          else
            console.log(
              `[mail] ${lead.id} ${channel.name}: ${decision.kind === 'skip' ? decision.reason : 'off'}`,
            );
        } catch (error) {
          console.error(`[mail] ${lead.id} ${channel.name}:`, error);
        }
      }
    },
  };
}
