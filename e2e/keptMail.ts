// The mails the site sent, as the start script's mail keeper wrote them (MAIL_DIR,
// deploy/cloudflare/mailKeeper.ts: `<ms>-<n>-<受付番号>-<kind>.eml`), read back with a real
// parser. Shared by e2e and the smoke suite.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

export type KeptMail = {
  file: string;
  /** When the keeper wrote it (from its name), as an ISO time. */
  sentAt: string;
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  /** The 受付番号 and the kind of mail (receipt, shop-notice, booking, …): X-Lead-Id, X-Lead-Mail. */
  lead: string;
  kind: string;
  parsed: ParsedMail;
};

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []].flat().flatMap((entry) => entry.value.map((value) => value.address ?? ''));
}

/** A file never changes once written: each is parsed once per process. */
const parsedFiles = new Map<string, Promise<KeptMail>>();

async function parse(dir: string, name: string): Promise<KeptMail> {
  const file = join(dir, name);
  const parsed = await simpleParser(await readFile(file));
  const header = (name: string) => String(parsed.headers.get(name) ?? '');
  return {
    file,
    sentAt: new Date(Number(name.split('-')[0])).toISOString(),
    from: addresses(parsed.from)[0] ?? '',
    to: addresses(parsed.to),
    ...(parsed.replyTo && { replyTo: parsed.replyTo.text }),
    subject: parsed.subject ?? '',
    lead: header('x-lead-id'),
    kind: header('x-lead-mail'),
    parsed,
  };
}

/** The mails kept in `dir`, oldest first; `lead` keeps those of one 受付番号 (X-Lead-Id). */
export async function keptMails(dir: string, lead?: string): Promise<KeptMail[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.eml') && (!lead || name.includes(`-${lead}-`)))
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]));
  const mails = await Promise.all(
    names.map((name) => {
      const key = join(dir, name);
      let mail = parsedFiles.get(key);
      if (!mail) parsedFiles.set(key, (mail = parse(dir, name)));
      return mail;
    }),
  );
  return lead ? mails.filter((mail) => mail.lead === lead) : mails;
}
