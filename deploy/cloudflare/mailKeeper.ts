/**
 * Local only: the dev router's LocalMail (dev-router.ts) posts each message a Worker sends here,
 * and it is written as MIME to `<dir>/<ms>-<n>-<受付番号>-<kind>.eml`, its path logged.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join, relative } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

import type { MailMessage } from '../../server/delivery/leadMail';

/** RFC 2047 encoded words of at most 75 characters, folded lines, Message-ID and Date. */
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

function isMailMessage(value: unknown): value is MailMessage {
  const message = value as Partial<MailMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof message.from?.email === 'string' &&
    Array.isArray(message.to) &&
    typeof message.subject === 'string' &&
    typeof message.text === 'string' &&
    typeof message.headers === 'object'
  );
}

let sequence = 0;

/** Writes `message` under `dir`, named by the time, its lead and its kind; returns the path. */
async function keepMail(dir: string, message: MailMessage): Promise<string> {
  const raw = await mimeOf(message);
  const kind = (message.headers['X-Lead-Mail'] ?? 'mail').replace(/[^a-z0-9-]/g, '');
  const lead = (message.headers['X-Lead-Id'] ?? '').replace(/[^A-Za-z0-9-]/g, '');
  sequence += 1;
  const path = join(dir, `${Date.now()}-${sequence}${lead ? `-${lead}` : ''}-${kind}.eml`);
  await mkdir(dir, { recursive: true });
  await writeFile(path, raw);
  return path;
}

const maxBodyBytes = 10 * 1024 * 1024;

export type MailKeeper = { url: string; close(): Promise<void> };

/** An HTTP server on 127.0.0.1 (a port of the system's choice) that keeps what is posted. */
export function startMailKeeper(
  dir: string,
  log: (line: string) => void = console.log,
): Promise<MailKeeper> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodyBytes) chunks.push(chunk);
    });
    req.on('end', () => {
      void (async () => {
        let message: unknown;
        try {
          message = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          message = null;
        }
        if (req.method !== 'POST' || size > maxBodyBytes || !isMailMessage(message)) {
          res.writeHead(400).end();
          return;
        }
        try {
          const path = await keepMail(dir, message);
          log(
            `[mail] ${message.headers['X-Lead-Mail'] ?? 'mail'} → ${relative(process.cwd(), path)}`,
          );
          res.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify({ path }));
        } catch (error) {
          log(`[mail] not written: ${String(error)}`);
          res.writeHead(500).end();
        }
      })();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
