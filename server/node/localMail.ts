/**
 * The local origin's mail: each message written as an .eml file under MAIL_DIR, nothing leaving the
 * machine. No per-channel state is kept (router.ts): a failure is logged, the lead stays stored.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { brands, localOrigin, type BrandId } from '../../src/brand/brands';
import { brandEnvName } from '../core/brandEnv';
import type { MailMessage } from '../core/leadMail';
import type { LeadNotifier, LeadStore } from '../core/leadStore';
import type { StoredLead } from '../core/leadStore';
import { channelNamed, channelsOnReceipt, type DeliveryContext } from '../core/leadChannels';
import type { StageNotifier } from '../core/stageChange';
import { addressList, type Mailer } from '../core/mailChannels';

/** @internal Exported for tests, which parse what it writes. */
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
    ...(message.attachments && {
      attachments: message.attachments.map((file) => ({
        filename: file.filename,
        content: file.content,
        contentType: file.type,
      })),
    }),
  });
  return composer.compile().build();
}

let sequence = 0;

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

function localShopAddresses(env: Record<string, string | undefined>) {
  return (brand: BrandId): string[] => {
    const configured = addressList(env[brandEnvName('SHOP_MAIL_TO', brand)]);
    return configured.length > 0 ? configured : [`shop@${brand}.localhost`];
  };
}

type LocalMailOptions = {
  store: LeadStore;
  mailDir: string;
  env?: Record<string, string | undefined>;
};

function localContext(options: LocalMailOptions): DeliveryContext {
  const env = options.env ?? process.env;
  return {
    mailer: createFileMailer(options.mailDir),
    shopAddresses: localShopAddresses(env),
    siteOrigin: (brand) =>
      env[brands[brand].siteUrlVariable] || localOrigin(brand, Number(env.PORT) || 4173),
    store: options.store,
    // No webhook and no ad platform locally: their channels are off (router.ts says why).
    webhook: null,
    fetch,
    env: {},
    now: () => new Date(),
  };
}

async function runChannels(
  lead: StoredLead,
  channels: readonly NonNullable<ReturnType<typeof channelNamed>>[],
  context: DeliveryContext,
): Promise<void> {
  for (const channel of channels) {
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
}

export function createLocalMailNotifier(options: LocalMailOptions): LeadNotifier {
  const context = localContext(options);
  return {
    created: (lead) => runChannels(lead, channelsOnReceipt, context),
    // No delivery state here (router.ts): what a crash left unsent stays so.
    replayed: () => Promise.resolve(),
  };
}

/** A stage change's channels, run at once on the lead as it now stands (with its stage). */
export function createLocalStageNotifier(
  options: LocalMailOptions & {
    lead: (brand: StoredLead['brand'], id: string) => Promise<StoredLead | null>;
  },
): StageNotifier {
  const context = localContext(options);
  return {
    async stageChanged({ id, brand }, names) {
      const lead = await options.lead(brand, id);
      const channels = names.flatMap((name) => channelNamed(name) ?? []);
      if (lead) await runChannels(lead, channels, context);
    },
  };
}
