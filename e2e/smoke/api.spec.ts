// The estimate API as deployed, on both brands. On Cloudflare's runtime: each brand's Worker on
// workerd (deploy/cloudflare/run.sh) with its local D1 database, its queue and dead-letter queue,
// a webhook receiver and the ad platforms' receivers started here (webhookReceiver.ts,
// conversionReceivers.ts); rows are read with `wrangler d1
// execute --local` on the engine's state folder, or through the CSV export. On the local origin,
// the same handler over its file: the checks that hold there (no D1, queue or webhook; its rate
// limiter sees one address for every test). nginx serves no API.
import { validFormPost, validRequest } from '../../tests/factories/estimate';
import { parseCsv } from '../../tests/parseCsv';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { importSPKI } from 'jose';
import { brands, telHref, type BrandId } from '../../src/brand/brands';
import { businessTimePath } from '../../src/business-hours/loadBusinessHours';
import { honeypotField } from '../../src/estimate/contract/validation/estimateSchema';
import { keyReusedCode } from '../../src/estimate/contract/apiContract';
import { writeConfigs } from '../../deploy/cloudflare/config';
import { leadChannels } from '../../server/core/leadChannels';
import { newLeadRateLimit } from '../../server/core/rateLimitPolicy';
import { conversionChannels } from '../../server/core/conversions/channels';
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import { startConversionReceivers, type ConversionReceivers } from './conversionReceivers';
import {
  apiEnv,
  brandHost,
  engines,
  mailsOf,
  sentMails,
  smokeApi,
  smokeDistDir,
  smokeGoogleAccount,
  type EngineName,
  type SentMail,
} from './engines';
import { startReceiver, type Delivery, type Receiver } from './webhookReceiver';

// One worker runs this file's tests in order: they share the webhook receiver's port.
test.describe.configure({ mode: 'default' });

/** The engine under test (the project's name). */
function engine(): EngineName {
  return test.info().project.name as EngineName;
}
const onCloudflare = () => engine() === 'cloudflare';
const cloudflareOnly = 'D1, the queue and the webhook exist on the Cloudflare engine only';
const here = resolve('deploy/cloudflare');
const node22 = join(here, 'node_modules/node/bin/node');
const wrangler = join(here, 'node_modules/wrangler/bin/wrangler.js');
const execFileAsync = promisify(execFile);

type Answer = { status: number; headers: Record<string, string | undefined>; body: string };
type Call = { method?: string; path: string; headers?: Record<string, string>; body?: string };

/** A host name the brand table gives to `brand`. */
function hostOf(brand: BrandId, onPort = engines[engine()].port): string {
  return brandHost(brand, onPort);
}

function call(
  brand: BrandId,
  { method = 'GET', path, headers = {}, body }: Call,
  onPort = engines[engine()].port,
) {
  return new Promise<Answer>((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: onPort,
        // A connection per request: a kept-alive one the server has just closed would hang up.
        agent: false,
        method,
        path,
        headers: { Host: hostOf(brand, onPort), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const flat: Record<string, string | undefined> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            flat[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          done({ status: res.statusCode ?? 0, headers: flat, body: text });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${method} ${path}`)));
    req.on('error', fail);
    req.end(body);
  });
}

/** Each test is its own client (CF-Connecting-IP), so rate limits never cross tests. */
function client(): string {
  const random = randomUUID().replace(/\D/g, '').padEnd(6, '1');
  return `10.${Number(random.slice(0, 2))}.${Number(random.slice(2, 4))}.${Number(random.slice(4, 6))}`;
}

/** A /64 of its own (2001:db8::/32, the documentation prefix), without the host part. */
function client6(): string {
  const hex = randomUUID().replace(/-/g, '');
  return `2001:db8:${hex.slice(0, 4)}:${hex.slice(4, 8)}`;
}

function lead(brand: BrandId, overrides: { model?: string; email?: string; notes?: string } = {}) {
  return validRequest(brand, {
    vehicle: overrides.model === undefined ? {} : { model: overrides.model },
    customer: { email: overrides.email ?? `u${randomUUID().slice(0, 8)}@example.com` },
    request: { courtesyCar: 'yes', notes: overrides.notes ?? '' },
    tracking: { source: 'google', gaid: `g-${randomUUID().slice(0, 8)}` },
  });
}

function postJson(
  brand: BrandId,
  body: unknown,
  options: { key?: string; ip: string; onPort?: number; headers?: Record<string, string> },
) {
  return call(
    brand,
    {
      method: 'POST',
      path: '/api/estimates',
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': options.key ?? randomUUID(),
        'CF-Connecting-IP': options.ip,
        ...options.headers,
      },
      body: JSON.stringify(body),
    },
    options.onPort,
  );
}

function idOf(answer: Answer): string {
  expect(answer.status, answer.body).toBe(201);
  return (JSON.parse(answer.body) as { id: string }).id;
}

/** Today's leads of `brand` as CSV, with the export secret. */
async function exportCsv(brand: BrandId, onPort = engines[engine()].port): Promise<string> {
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  const answer = await call(
    brand,
    {
      path: `/api/estimates.csv?from=${today}&to=${today}`,
      headers: { Authorization: `Bearer ${smokeApi.exportSecret}` },
    },
    onPort,
  );
  expect(answer.status, answer.body).toBe(200);
  return answer.body;
}

/** Asks `brand`'s API to re-send what `query` names (`?id=…&channel=…`), as ops do. */
function resend(brand: BrandId, query: string, secret = smokeApi.exportSecret) {
  return call(brand, {
    method: 'POST',
    path: `/api/estimates/resend${query}`,
    headers: { Authorization: `Bearer ${secret}` },
  });
}

function csvLine(csv: string, id: string): string {
  return csv.split('\r\n').find((line) => line.includes(`"${id}"`)) ?? '';
}

/** Lead `id`'s delivery state on each channel, by channel name, as the CSV shows it to staff. */
async function channelStates(brand: BrandId, id: string): Promise<Record<string, string>> {
  const csv = await exportCsv(brand);
  const [header = [], ...rows] = parseCsv(csv);
  const row = rows.find((cells) => cells.includes(id)) ?? [];
  return Object.fromEntries(
    leadChannels.map((channel, index) => {
      // The first channel, the webhook, keeps the 配信 column's old header (leadsCsv.ts).
      const column = header.indexOf(index === 0 ? '配信' : `配信（${channel.label}）`);
      return [channel.name, row[column] ?? ''];
    }),
  );
}

/** The brand's configs as run.sh writes them, for `wrangler d1 execute` (once per state dir). */
const configsFor = new Map<string, string>();
function configOf(brand: BrandId, stateDir: string): string {
  let dir = configsFor.get(stateDir);
  if (!dir) {
    dir = resolve(`${stateDir}-configs`);
    writeConfigs({ outDir: dir, distDir: resolve(smokeDistDir), local: true, env: {} });
    configsFor.set(stateDir, dir);
  }
  return join(dir, brand, 'wrangler.json');
}

/**
 * Rows of an SQL query on the brand's local D1 database. Asynchronous: the webhook receiver runs
 * in this process and must keep answering meanwhile.
 */
async function d1(brand: BrandId, sql: string, stateDir = smokeApi.stateDir) {
  const config = configOf(brand, stateDir);
  const args = [wrangler, 'd1', 'execute', 'DB', '--local', '--persist-to', resolve(stateDir)];
  const { stdout } = await execFileAsync(
    node22,
    [...args, '-c', config, '--json', '--command', sql],
    { env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, timeout: 60_000 },
  );
  const [result] = JSON.parse(stdout) as Array<{ results: Array<Record<string, unknown>> }>;
  return result!.results;
}

let receiver: Receiver;
/** The ad platforms, where the Worker's conversion channels send (engines.ts configures them). */
let platforms: ConversionReceivers;
test.beforeAll(async () => {
  test.skip(engine() === 'nginx', 'nginx serves the trees only, no API');
  if (!onCloudflare()) return;
  receiver = await startReceiver(smokeApi.webhookPort);
  const account = smokeGoogleAccount();
  platforms = await startConversionReceivers(smokeApi.conversionsPort, {
    googleEmail: account.email,
    googlePublicKey: await importSPKI(account.publicKey, 'RS256'),
    googlePrivateKeyPkcs8: account.privateKey,
  });
});
test.afterAll(async () => {
  await receiver?.close();
  await platforms?.close();
});

/** The platforms that accepted lead `id`'s conversion, one entry per accepted event, sorted. */
function acceptedFor(id: string): ConversionPlatform[] {
  return platforms.accepted
    .filter((event) => event.dedupId === id)
    .map((event) => event.platform)
    .sort();
}

const everyPlatform = conversionChannels.map((channel) => channel.platform).sort();

/** A lead that arrived from an ad of each platform: its click ids, and Meta's _fbp cookie. */
function fromEveryAd(brand: BrandId) {
  const click = randomUUID().replace(/-/g, '');
  const body = validRequest(brand, {
    customer: { email: `c${click.slice(0, 8)}@example.com` },
    request: { courtesyCar: 'yes', notes: `ads ${click}` },
    tracking: {
      source: 'google',
      gaid: `Cj0K${click}`,
      yclid: `YSS.1000000001.${click}`,
      fbclid: `IwAR${click}`,
      ldtag_cl: `ld${click}`,
    },
  });
  const headers = {
    Cookie: `_fbp=fb.1.${Date.now()}.${click.slice(0, 10)}`,
    'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
  };
  return { body, headers };
}

function deliveriesOf(id: string): Delivery[] {
  return receiver.deliveries.filter((delivery) => delivery.body.includes(`"id":"${id}"`));
}

const kinds = (mails: SentMail[]) => mails.map((mail) => mail.headers?.['X-Lead-Mail']).sort();

function expectSigned(delivery: Delivery): void {
  const mac = createHmac('sha256', smokeApi.webhookSecret)
    .update(`${delivery.timestamp}.${delivery.body}`)
    .digest('hex');
  expect(delivery.signature).toBe(`sha256=${mac}`);
  expect(Math.abs(Date.now() / 1000 - Number(delivery.timestamp))).toBeLessThan(120);
}

const poll = { timeout: 30_000, intervals: [200, 500, 1000] };

for (const brand of Object.values(brands)) {
  test.describe(brand.id, () => {
    test('the business-hours endpoint answers the configured hours', async () => {
      const answer = await call(brand.id, { path: businessTimePath });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(answer.body)).toEqual({ start_time: '9:00', end_time: '19:00' });
      expect((await call(brand.id, { method: 'POST', path: businessTimePath })).status).toBe(405);
    });

    test('201 and the stored row with its attribution', async () => {
      const body = lead(brand.id);
      const gaid = (body.tracking as { gaid: string }).gaid;
      const id = idOf(await postJson(brand.id, body, { ip: client() }));
      const line = csvLine(await exportCsv(brand.id), id);
      expect(line).toContain(`"${brand.id}"`);
      expect(line).toContain('"山田 花子"');
      expect(line).toContain(`gaid=${gaid}`);
      if (!onCloudflare()) return;

      const [row] = await d1(brand.id, `SELECT * FROM leads WHERE id = '${id}'`);
      expect(row).toMatchObject({
        brand: brand.id,
        entry_point: 'cta',
        last_name: '山田',
        first_name_kana: 'ハナコ',
        phone: '09012345678',
        maker: 'ホンダ',
        model: 'N-BOX',
        postal_code: '1234567',
        source: 'google',
        gaid,
        suspected_spam: 0,
      });
      expect(JSON.parse(row!.request_json as string)).toMatchObject({ brand: brand.id });
    });

    test('the signed webhook: received once, then marked delivered', async () => {
      test.skip(!onCloudflare(), cloudflareOnly);
      const body = lead(brand.id);
      const gaid = (body.tracking as { gaid: string }).gaid;
      const id = idOf(await postJson(brand.id, body, { ip: client() }));
      await expect.poll(() => deliveriesOf(id).length, poll).toBe(1);
      const [delivery] = deliveriesOf(id);
      expect(delivery!.brand).toBe(brand.id);
      expect(delivery!.status).toBe(204);
      expectSigned(delivery!);
      expect(JSON.parse(delivery!.body)).toMatchObject({
        id,
        brand: brand.id,
        customer: { lastName: '山田' },
        tracking: { gaid },
      });
      await expect
        .poll(async () => csvLine(await exportCsv(brand.id), id), poll)
        .toContain('配信済み');
    });

    test('422 with a Japanese message per field, nothing stored', async () => {
      const body = lead(brand.id);
      (body.customer as Record<string, string>).phone = '123';
      (body.customer as Record<string, string>).lastNameKana = 'yamada';
      const answer = await postJson(brand.id, body, { ip: client() });
      expect(answer.status).toBe(422);
      const { errors } = JSON.parse(answer.body) as { errors: Record<string, string> };
      expect(errors['customer.phone']).toMatch(/電話番号/);
      expect(errors['customer.lastNameKana']).toMatch(/[ァ-ヶ]/);
      expect(await exportCsv(brand.id)).not.toContain((body.customer as { email: string }).email);
    });

    test('a replay and 50 concurrent posts with one key: one row, one id', async () => {
      const key = randomUUID();
      const body = lead(brand.id);
      const ip = client();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => postJson(brand.id, body, { key, ip })),
      );
      const ids = new Set(answers.map(idOf));
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      expect(idOf(await postJson(brand.id, body, { key, ip }))).toBe(id);
      const email = (body.customer as { email: string }).email;
      const rows = (await exportCsv(brand.id)).split('\r\n').filter((row) => row.includes(email));
      expect(rows).toHaveLength(1);
      if (!onCloudflare()) return;
      expect(await d1(brand.id, `SELECT id FROM leads WHERE idempotency_key = '${key}'`)).toEqual([
        { id },
      ]);
      await expect.poll(() => deliveriesOf(id!).length, poll).toBe(1);
    });

    test('50 concurrent posts of one content under fresh keys: one row, one id, one delivery', async () => {
      const body = lead(brand.id);
      const ip = client();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => postJson(brand.id, body, { key: randomUUID(), ip })),
      );
      const ids = new Set(answers.map(idOf));
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      const email = (body.customer as { email: string }).email;
      const rows = (await exportCsv(brand.id)).split('\r\n').filter((row) => row.includes(email));
      expect(rows).toHaveLength(1);
      if (!onCloudflare()) return;
      await expect.poll(() => deliveriesOf(id!).length, poll).toBe(1);
    });

    test('a copied tab: a key reused for another car gets 422 with its code, then a lead of its own', async () => {
      const key = randomUUID();
      const ip = client();
      const original = lead(brand.id);
      const copy = { ...original, vehicle: { ...(original.vehicle as object), model: 'フィット' } };
      const copyId = idOf(await postJson(brand.id, copy, { key, ip }));
      const reused = await postJson(brand.id, original, { key, ip });
      expect(reused.status).toBe(422);
      expect(JSON.parse(reused.body)).toMatchObject({ code: keyReusedCode });
      // The same body under the same key is still a replay of the copy's lead.
      expect(idOf(await postJson(brand.id, copy, { key, ip }))).toBe(copyId);
      const originalId = idOf(await postJson(brand.id, original, { key: randomUUID(), ip }));
      expect(originalId).not.toBe(copyId);
      const csv = await exportCsv(brand.id);
      expect(csvLine(csv, copyId)).toContain('"フィット"');
      expect(csvLine(csv, originalId)).toContain('"N-BOX"');
    });

    test('a native form post gets its page; a cross-site one is refused', async () => {
      const origin = `http://${hostOf(brand.id)}`;
      const form = new URLSearchParams({
        ...validFormPost(brand.id, {
          entryPoint: 'header',
          vehicle: { model: `FIT ${randomUUID().slice(0, 6)}` },
          customer: { lastNameKana: 'やまだ', firstNameKana: 'はなこ' },
          request: { courtesyCar: 'no' },
        }),
        [honeypotField]: '',
      });
      const post = (headers: Record<string, string>, fields = form) =>
        call(brand.id, {
          method: 'POST',
          path: '/api/estimates',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'CF-Connecting-IP': client(),
            Cookie: `tracking_data=${encodeURIComponent(JSON.stringify({ yclid: 'y-form' }))}`,
            ...headers,
          },
          body: fields.toString(),
        });

      const accepted = await post({ Origin: origin });
      expect([200, 201]).toContain(accepted.status);
      expect(accepted.headers['content-type']).toMatch(/^text\/html/);
      expect(accepted.headers['x-content-type-options']).toBe('nosniff');
      expect(accepted.headers['content-security-policy']).toBeTruthy();
      expect(accepted.body).toContain('受付番号');
      expect(accepted.body).toContain(brand.name);
      expect(accepted.body).toContain(`href="${telHref(brand.phone)}"`);
      expect(accepted.body).toContain('href="/"');
      // The tracking cookie that travelled with the post is the lead's attribution.
      const id = /受付番号: <strong>([^<]+)<\/strong>/.exec(accepted.body)?.[1] ?? '';
      expect(csvLine(await exportCsv(brand.id), id)).toContain('yclid=y-form');

      const refusedFields = new URLSearchParams(form);
      refusedFields.set('customer.phone', '123');
      const refused = await post({ Origin: origin }, refusedFields);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatch(/電話番号/);
      // The values come back in the page, so nothing typed is lost.
      expect(refused.body).toContain(form.get('vehicle.model')!);

      const crossSite = await post({ Origin: 'https://evil.example' });
      expect(crossSite.status).toBe(403);
      expect(crossSite.body).not.toContain('受付番号');
    });

    test('the same content within minutes is one lead; a second car is a new one', async () => {
      const ip = client();
      const first = lead(brand.id);
      const id = idOf(await postJson(brand.id, first, { ip }));
      expect(idOf(await postJson(brand.id, first, { ip }))).toBe(id);
      const secondCar = { ...first, vehicle: { ...(first.vehicle as object), model: 'フィット' } };
      const other = idOf(await postJson(brand.id, secondCar, { ip }));
      expect(other).not.toBe(id);
      const email = (first.customer as { email: string }).email;
      const rows = (await exportCsv(brand.id)).split('\r\n').filter((line) => line.includes(email));
      expect(rows).toHaveLength(2);
      expect(csvLine(rows.join('\r\n'), id)).toContain('"N-BOX"');
      expect(csvLine(rows.join('\r\n'), other)).toContain('"フィット"');
    });

    test('the 21st new lead in 10 minutes from one address or one IPv6 /64 gets 429 with the phone number', async () => {
      test.skip(
        !onCloudflare(),
        "the origin's limiter sees 127.0.0.1 for every test (unit-tested)",
      );
      const ip = client();
      const network = client6();
      // The n-th lead's address: always the same IPv4 one, or a new one in the same /64.
      const clients = [
        { name: 'IPv4', at: () => ip },
        { name: 'IPv6 /64', at: (n: number) => `${network}::${(n + 1).toString(16)}` },
      ];
      for (const { name, at } of clients) {
        const firstKey = randomUUID();
        const firstBody = lead(brand.id);
        const firstId = idOf(await postJson(brand.id, firstBody, { key: firstKey, ip: at(0) }));
        for (let n = 1; n < newLeadRateLimit.limit; n += 1) {
          idOf(await postJson(brand.id, lead(brand.id), { ip: at(n) }));
        }
        const limited = await postJson(brand.id, lead(brand.id), { ip: at(0xbeef) });
        expect(limited.status, name).toBe(429);
        const retryAfter = Number(limited.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(newLeadRateLimit.windowSeconds);
        const { errors } = JSON.parse(limited.body) as { errors: { form: string } };
        expect(errors.form).toContain(brand.phone);
        // A replay of an accepted lead is answered and not counted.
        expect(idOf(await postJson(brand.id, firstBody, { key: firstKey, ip: at(1) }))).toBe(
          firstId,
        );
      }
      // Another client is not limited.
      idOf(await postJson(brand.id, lead(brand.id), { ip: client() }));
      idOf(await postJson(brand.id, lead(brand.id), { ip: `${client6()}::1` }));
    });

    test('a filled honeypot is stored and exported with the mark, never sent', async () => {
      const spam = { ...lead(brand.id), [honeypotField]: 'https://spam.example' };
      const spamId = idOf(await postJson(brand.id, spam, { ip: client() }));
      expect(csvLine(await exportCsv(brand.id), spamId)).toContain('スパム疑い');
      if (!onCloudflare()) return;
      // A lead posted after it reaches the receiver; the marked one never does.
      const laterId = idOf(await postJson(brand.id, lead(brand.id), { ip: client() }));
      await expect.poll(() => deliveriesOf(laterId).length, poll).toBe(1);
      expect(deliveriesOf(spamId)).toEqual([]);
      // The shop is told, marked; the address in the form gets no receipt.
      await expect
        .poll(async () => kinds(await mailsOf(brand.id, spamId)), poll)
        .toEqual(['shop-notice']);
      const [notice] = await mailsOf(brand.id, spamId);
      expect(notice!.subject).toMatch(/^【スパム疑い】/);
      expect(csvLine(await exportCsv(brand.id), spamId)).toContain('送信なし（スパム疑い）');
    });

    test('a lead gives the receipt and the shop notice through the queue and the binding', async () => {
      test.skip(!onCloudflare(), cloudflareOnly);
      const email = `m${randomUUID().slice(0, 8)}@example.com`;
      const id = idOf(await postJson(brand.id, lead(brand.id, { email }), { ip: client() }));
      await expect
        .poll(async () => kinds(await mailsOf(brand.id, id)), poll)
        .toEqual(['receipt', 'shop-notice']);
      const mails = await mailsOf(brand.id, id);
      const receipt = mails.find((mail) => mail.headers?.['X-Lead-Mail'] === 'receipt')!;
      expect(receipt.to).toEqual([email]);
      expect(receipt.subject).toBe(
        `【${brand.name}】お見積もり依頼を受け付けました（受付番号 ${id}）`,
      );
      const notice = mails.find((mail) => mail !== receipt)!;
      expect(notice.to).toEqual([`shop@${brand.id}.localhost`]);
      expect(notice.replyTo).toContain(`<${email}>`);
      // The CSV shows each channel's state.
      await expect
        .poll(async () => {
          const states = await channelStates(brand.id, id);
          return ['webhook', 'shopNotice', 'receipt'].map((name) => states[name]?.slice(0, 4));
        }, poll)
        .toEqual(['配信済み', '配信済み', '配信済み']);
    });

    test('a failing webhook: retried alone, dead-lettered with an alert, then re-sent per channel', async () => {
      test.skip(!onCloudflare(), cloudflareOnly);
      const marker = `FAIL-${randomUUID()}`;
      receiver.failing.add(marker);
      const id = idOf(
        await postJson(brand.id, lead(brand.id, { notes: marker }), { ip: client() }),
      );
      // The first try and max_retries (2) more, each answered 500.
      await expect.poll(() => deliveriesOf(id).length, poll).toBe(3);
      expect(deliveriesOf(id).every((delivery) => delivery.status === 500)).toBe(true);
      // Meanwhile the mails went out once each, neither delayed nor repeated by the webhook.
      expect(kinds(await mailsOf(brand.id, id))).toEqual(['receipt', 'shop-notice']);
      await expect
        .poll(async () => csvLine(await exportCsv(brand.id), id), poll)
        .toMatch(/"配信停止 [^"]+（3回失敗: the webhook answered 500）"/);
      // Dead-lettered, the brand's ops get the alert listing the lead (one an hour at most).
      await expect
        .poll(
          async () =>
            (await sentMails(brand.id)).filter(
              (mail) =>
                mail.headers?.['X-Lead-Mail'] === 'dead-letter-alert' &&
                mail.to.includes(`ops@${brand.id}.localhost`),
            ).length,
          poll,
        )
        .toBeGreaterThan(0);

      expect((await resend(brand.id, '', 'wrong')).status).toBe(401);
      receiver.failing.delete(marker);
      // A sent mail is not sent again; an unknown channel is refused with the list.
      expect(JSON.parse((await resend(brand.id, `?id=${id}&channel=receipt`)).body)).toEqual({
        resent: [],
      });
      expect((await resend(brand.id, `?id=${id}&channel=fax`)).status).toBe(400);
      // Without an id it re-sends every dead-lettered channel: this lead's webhook alone.
      await expect
        .poll(
          async () =>
            (JSON.parse((await resend(brand.id, '?channel=webhook')).body) as { resent: unknown[] })
              .resent,
          poll,
        )
        .toContainEqual({ id, channel: 'webhook' });
      await expect
        .poll(() => deliveriesOf(id).filter((delivery) => delivery.status === 204).length, poll)
        .toBe(1);
      expectSigned(deliveriesOf(id).at(-1)!);
      await expect
        .poll(async () => csvLine(await exportCsv(brand.id), id), poll)
        .toContain('配信済み');
      // Delivered now: a re-send of it sends nothing, and the mails were never repeated.
      expect(JSON.parse((await resend(brand.id, `?id=${id}`)).body)).toEqual({ resent: [] });
      expect(kinds(await mailsOf(brand.id, id))).toEqual(['receipt', 'shop-notice']);
    });

    test('a lead from an ad of each platform: one accepted event at each, none again for its replay or duplicate', async () => {
      test.skip(!onCloudflare(), cloudflareOnly);
      const { body, headers } = fromEveryAd(brand.id);
      const key = randomUUID();
      const id = idOf(await postJson(brand.id, body, { key, ip: client(), headers }));
      await expect.poll(() => acceptedFor(id), poll).toEqual(everyPlatform);
      await expect
        .poll(async () => {
          const states = await channelStates(brand.id, id);
          return conversionChannels.map(({ name }) => states[name]?.slice(0, 4));
        }, poll)
        .toEqual(conversionChannels.map(() => '配信済み'));
      // Its replay (same key) and a duplicate (same content, new key) are the same lead.
      expect(idOf(await postJson(brand.id, body, { key, ip: client(), headers }))).toBe(id);
      expect(idOf(await postJson(brand.id, body, { ip: client(), headers }))).toBe(id);
      // A later lead's events arrived: whatever the replays had queued would have too.
      const later = fromEveryAd(brand.id);
      const laterId = idOf(
        await postJson(brand.id, later.body, { ip: client(), headers: later.headers }),
      );
      await expect.poll(() => acceptedFor(laterId), poll).toEqual(everyPlatform);
      expect(acceptedFor(id)).toEqual(everyPlatform);
      expect(platforms.duplicates).toEqual([]);
      expect(platforms.refused).toEqual([]);
    });

    test("a lead without any click id gives no event; the CSV shows each platform's skip", async () => {
      test.skip(!onCloudflare(), cloudflareOnly);
      const body = validRequest(brand.id, {
        customer: { email: `n${randomUUID().slice(0, 8)}@example.com` },
        tracking: { source: 'google' },
      });
      const id = idOf(await postJson(brand.id, body, { ip: client() }));
      // Its webhook went through the same queue: delivered, while no platform got anything.
      await expect.poll(() => deliveriesOf(id).length, poll).toBe(1);
      const states = await channelStates(brand.id, id);
      for (const { name } of conversionChannels) {
        expect(states[name], name).toMatch(/^送信なし（.+なし）$/);
      }
      expect(acceptedFor(id)).toEqual([]);
    });

    test('a failing platform is retried alone and dead-lettered; the others get the lead once; re-sent, it gets it once', async () => {
      test.skip(!onCloudflare(), cloudflareOnly);
      const { body, headers } = fromEveryAd(brand.id);
      platforms.failing.add('meta');
      let id: string;
      try {
        id = idOf(await postJson(brand.id, body, { ip: client(), headers }));
        // The first try and max_retries (2) more, each answered 500, then the dead letter.
        await expect
          .poll(async () => (await channelStates(brand.id, id)).meta, poll)
          .toMatch(/^配信停止 [^（]+（3回失敗: Meta answered 500/);
      } finally {
        platforms.failing.delete('meta');
      }
      const others = everyPlatform.filter((platform) => platform !== 'meta');
      expect(acceptedFor(id)).toEqual(others);
      expect(deliveriesOf(id)).toHaveLength(1);
      const resent = await resend(brand.id, `?id=${id}&channel=meta`);
      expect(JSON.parse(resent.body)).toEqual({ resent: [{ id, channel: 'meta' }] });
      await expect.poll(() => acceptedFor(id), poll).toEqual(everyPlatform);
      await expect
        .poll(async () => (await channelStates(brand.id, id)).meta, poll)
        .toMatch(/^配信済み/);
      expect(platforms.duplicates).toEqual([]);
      expect(deliveriesOf(id)).toHaveLength(1);
    });

    test('the CSV export: bearer secret, BOM, formulas neutralised', async () => {
      for (const headers of [{}, { Authorization: 'Bearer wrong' }] as Record<string, string>[]) {
        const answer = await call(brand.id, {
          path: '/api/estimates.csv?from=2020-01-01&to=2099-12-31',
          headers,
        });
        expect(answer.status).toBe(401);
        expect(answer.body).not.toContain('山田');
      }
      const formula = '=HYPERLINK("http://evil.example","x")';
      const wide = '＝ＨＹＰＥＲＬＩＮＫ（"http://evil.example"）';
      const id = idOf(
        await postJson(brand.id, lead(brand.id, { model: wide, notes: formula }), {
          ip: client(),
        }),
      );
      const csv = await exportCsv(brand.id);
      expect(csv.startsWith('\ufeff')).toBe(true);
      const line = csvLine(csv, id);
      expect(line).toContain(`"'${formula.replace(/"/g, '""')}"`);
      // The schema folds the full-width text to a formula; the export neutralises what it stores.
      expect(line).not.toMatch(/(^|,)"[=+\-@]/);
    });
  });
}

test('a lead survives a restart of the Worker (persisted local D1); hours per brand', async () => {
  test.skip(!onCloudflare(), cloudflareOnly);
  test.setTimeout(180_000);
  const brand = Object.values(brands)[0]!;
  const restartPort = engines.cloudflare.port + 2;
  const stateDir = `${smokeApi.stateDir}-restart`;
  rmSync(stateDir, { recursive: true, force: true });
  // This brand's opening hours, from the deploy-time environment (config.ts).
  const hoursVar = `BUSINESS_START_TIME_${brand.id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const start = async (): Promise<ChildProcess> => {
    const child = spawn('bash', ['deploy/cloudflare/run.sh'], {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        ...apiEnv('cloudflare', stateDir),
        [hoursVar]: '10:30',
        PORT: String(restartPort),
        DIST_DIR: smokeDistDir,
      },
    });
    await expect
      .poll(
        () =>
          call(brand.id, { path: '/robots.txt' }, restartPort).then(
            (answer) => answer.status,
            () => 0,
          ),
        { timeout: 120_000, intervals: [500] },
      )
      .toBe(200);
    return child;
  };
  const stop = async (child: ChildProcess) => {
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };

  const key = randomUUID();
  const body = lead(brand.id);
  let child = await start();
  let id: string;
  try {
    id = idOf(await postJson(brand.id, body, { key, ip: client(), onPort: restartPort }));
  } finally {
    await stop(child);
  }
  child = await start();
  try {
    expect(idOf(await postJson(brand.id, body, { key, ip: client(), onPort: restartPort }))).toBe(
      id,
    );
    expect(csvLine(await exportCsv(brand.id, restartPort), id)).toContain('山田');
    const hours = await call(brand.id, { path: businessTimePath }, restartPort);
    expect(JSON.parse(hours.body)).toEqual({ start_time: '10:30', end_time: '19:00' });
  } finally {
    await stop(child);
    rmSync(stateDir, { recursive: true, force: true });
  }
});
