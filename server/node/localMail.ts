/**
 * The local origin's mail: each message written as an .eml file under MAIL_DIR, nothing leaving the
 * machine. No per-channel state is kept (router.ts): a failure is logged, the lead stays stored.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { localOrigin, type BrandId, siteUrlVariable } from '../../src/brand/brands';
import { brandEnvName } from '../../deploy/cloudflare/brandEnv';
import type { MailMessage } from '../delivery/leadMail';
import type { LeadNotifier, LeadStore } from '../leads/store';
import type { StoredLead } from '../leads/store';
import { channelNamed, channelsOnReceipt, type DeliveryContext } from '../delivery/channels';
import type { StageNotifier } from '../staff/stageChange';
import { addressList, type Mailer } from '../delivery/mailChannels';
import type { PostalLookup } from '../leads/postalArea';

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

/** Each lead's .eml paths, until its log line is written. */
type WrittenMail = Map<string, string[]>;

function createFileMailer(dir: string, written: WrittenMail): Mailer {
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
      written.set(lead, [...(written.get(lead) ?? []), path]);
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
  postalArea: PostalLookup;
  env?: Record<string, string | undefined>;
};

function localContext(options: LocalMailOptions, written: WrittenMail): DeliveryContext {
  const env = options.env ?? process.env;
  return {
    mailer: createFileMailer(options.mailDir, written),
    shopAddresses: localShopAddresses(env),
    siteOrigin: (brand) =>
      env[siteUrlVariable(brand)] || localOrigin(brand, Number(env.PORT) || 4173),
    postalArea: options.postalArea,
    store: options.store,
    // No webhook and no ad platform locally: their channels are off (router.ts says why).
    webhook: null,
    fetch,
    env: {},
    now: () => new Date(),
  };
}

/** One line per lead: each channel's state, a mail's with the file it was written to. */
async function runChannels(
  lead: StoredLead,
  channels: readonly NonNullable<ReturnType<typeof channelNamed>>[],
  context: DeliveryContext,
  written: WrittenMail,
): Promise<void> {
  const states: string[] = [];
  for (const channel of channels) {
    try {
      const decision = await channel.decide(lead, context);
      if (decision.kind === 'send') {
        await channel.send(lead, context);
        const paths = (written.get(lead.id) ?? []).map((path) => ` → ${path}`).join('');
        states.push(`${channel.name} sent${paths}`);
        written.delete(lead.id);
      } else {
        states.push(
          `${channel.name} ${decision.kind === 'skip' ? `skipped (${decision.reason})` : 'off'}`,
        );
      }
    } catch (error) {
      states.push(`${channel.name} failed (${String(error)})`);
    }
  }
  written.delete(lead.id);
  console.log(`[lead] ${lead.id}: ${states.join(', ')}`);
}

export function createLocalMailNotifier(options: LocalMailOptions): LeadNotifier {
  const written: WrittenMail = new Map();
  const context = localContext(options, written);
  return {
    created: (lead) => runChannels(lead, channelsOnReceipt, context, written),
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
  const written: WrittenMail = new Map();
  const context = localContext(options, written);
  return {
    async stageChanged({ id, brand }, names) {
      const lead = await options.lead(brand, id);
      const channels = names.flatMap((name) => channelNamed(name) ?? []);
      if (lead) await runChannels(lead, channels, context, written);
    },
  };
}
