// The local mail keeper (deploy/cloudflare/mailKeeper.ts): what the dev router posts is written as
// an .eml file named for its lead and kind, MIME any mail program reads, parsed back here.
import type { MailMessage } from '../../server/delivery/leadMail';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { simpleParser } from 'mailparser';
import { startMailKeeper, type MailKeeper } from '../../deploy/cloudflare/mailKeeper';

let dir: string;
let keeper: MailKeeper;
const logged: string[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mail-keeper-'));
  logged.length = 0;
  keeper = await startMailKeeper(join(dir, 'mail'), (line) => logged.push(line));
});

afterEach(async () => {
  await keeper.close();
  rmSync(dir, { recursive: true, force: true });
});

const message: MailMessage = {
  from: { name: 'ヤマダ車検', email: 'no-reply@yamada-shaken.com' },
  to: ['hanako@example.com'],
  replyTo: { name: '山田 花子', email: 'hanako@example.com' },
  subject: `【ヤマダ車検】お見積もり依頼を受け付けました（受付番号 261124-ABCDEFGH）${'長'.repeat(40)}`,
  text: '山田 花子 様\n\n受付番号: 261124-ABCDEFGH\n',
  headers: { 'X-Lead-Id': '261124-ABCDEFGH', 'X-Lead-Mail': 'receipt' },
  attachments: [
    { filename: 'shaken-booking.ics', type: 'text/calendar', content: 'BEGIN:VCALENDAR' },
  ],
};

function post(body: string, method = 'POST') {
  return fetch(keeper.url, { method, body, headers: { 'Content-Type': 'application/json' } });
}

describe('the local mail keeper', () => {
  it('writes each posted mail as MIME named <ms>-<n>-<受付番号>-<kind>.eml and logs its path', async () => {
    const answer = await post(JSON.stringify(message));
    expect(answer.status).toBe(201);
    const { path } = (await answer.json()) as { path: string };
    expect(basename(path)).toMatch(/^\d{13}-\d+-261124-ABCDEFGH-receipt\.eml$/);
    expect(readdirSync(join(dir, 'mail'))).toEqual([basename(path)]);
    expect(logged).toEqual([expect.stringContaining(`receipt → `)]);
    expect(logged[0]).toContain(basename(path));

    const raw = readFileSync(path);
    const head = raw.toString('latin1').split('\r\n\r\n')[0]!;
    // RFC 2047: encoded words of at most 75 characters, on folded lines.
    for (const word of head.match(/=\?[^?]+\?[BQ]\?[^?]*\?=/g) ?? []) {
      expect(word.length).toBeLessThanOrEqual(75);
    }
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe(message.subject);
    expect(mail.from?.value).toEqual([
      { name: 'ヤマダ車検', address: 'no-reply@yamada-shaken.com' },
    ]);
    expect(mail.replyTo?.value[0]?.address).toBe('hanako@example.com');
    expect(mail.text).toContain('受付番号: 261124-ABCDEFGH');
    expect(mail.headers.get('x-lead-mail')).toBe('receipt');
    expect(mail.messageId).toBeTruthy();
    expect(mail.date).toBeInstanceOf(Date);
    expect(mail.attachments.map((file) => file.filename)).toEqual(['shaken-booking.ics']);
  });

  it('keeps a file name to safe characters whatever the headers say', async () => {
    const hostile = { ...message, headers: { 'X-Lead-Id': '../../etc/x', 'X-Lead-Mail': 'a/b' } };
    const { path } = (await (await post(JSON.stringify(hostile))).json()) as { path: string };
    expect(path.startsWith(join(dir, 'mail'))).toBe(true);
    expect(basename(path)).toMatch(/^\d{13}-\d+-etcx-ab\.eml$/);
  });

  it('refuses what is not a mail, and anything but a POST', async () => {
    expect((await post('{"subject":1}')).status).toBe(400);
    expect((await post('not json')).status).toBe(400);
    expect((await fetch(keeper.url)).status).toBe(400);
    expect(readdirSync(dir)).toEqual([]);
  });
});
