// The estimate API as deployed on Cloudflare's runtime, on both brands: each brand's Worker on
// workerd (deploy/cloudflare/dev.ts) with its local D1 database, its queue and dead-letter queue,
// its EMAIL binding (mails kept as .eml files), a webhook receiver and the ad platforms' receivers
// started here (webhookReceiver.ts, conversionReceivers.ts); rows are read with `wrangler d1
// execute --local` on the engine's state folder, or through the CSV export.
// Only what the real runtime shows is checked here: D1's atomicity under racing posts, the
// Worker's client address, the queue with its retries and dead letters, the mail binding, the
// platforms' receivers. The API's rules (validation, idempotency, duplicates, the rate limit, the
// honeypot, answer pages, the CSV) are unit-tested (tests/server/); a restart is restart.spec.ts.
import { createHmac, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { brands, type BrandId } from '../../src/brand/brands';
import { honeypotField } from '../../src/estimate/contract/validation/estimateSchema';
import { newLeadRateLimit } from '../../server/estimate/rateLimitPolicy';
import { conversionChannels } from '../../server/platforms/index';
import { validRequest } from '../../tests/factories/estimate';
import { parseCsv } from '../../tests/parseCsv';
import type { ConversionPlatform } from '../../src/content/externalTransmission';
import type { ConversionReceivers } from './conversionReceivers';
import type { KeptMail } from '../keptMail';
import { mailsOf, sentMails, smokeApi } from './engines';
import { receiversWaitMs, startLeadReceivers } from './leadReceivers';
import type { Delivery, Receiver } from './webhookReceiver';
import {
  call,
  channelStates,
  client,
  cloudflareOnly,
  csvLine,
  d1,
  exportCsv,
  idOf,
  lead,
  postJson,
} from './workerApi';

// One worker runs this file's tests in order: they share the webhook receiver's port.
test.describe.configure({ mode: 'default' });

/** Asks `brand`'s API to re-send what `query` names (`?id=…&channel=…`), as ops do. */
function resend(brand: BrandId, query: string, secret = smokeApi.exportSecret) {
  return call(brand, {
    method: 'POST',
    path: `/api/estimates/resend${query}`,
    headers: { Authorization: `Bearer ${secret}` },
  });
}

let receiver: Receiver;
/** The ad platforms, where the Worker's conversion channels send (engines.ts configures them). */
let platforms: ConversionReceivers;
test.beforeAll(async () => {
  test.skip(test.info().project.name !== 'cloudflare', cloudflareOnly);
  test.setTimeout(receiversWaitMs + 30_000);
  ({ webhook: receiver, platforms } = await startLeadReceivers());
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

// A display ad's yclid: the search-ads API (its own spec in platforms.spec.ts) is not this lead's.
const everyPlatform = conversionChannels
  .map((channel) => channel.platform)
  .filter((platform) => platform !== 'yahooSearch')
  .sort();

/**
 * A lead that arrived from an ad of each platform, from a visitor who agreed to the provision
 * (adConsent): its click ids, and Meta's _fbp cookie; `notes` marks it for a receiver told to
 * fail it.
 */
function fromEveryAd(brand: BrandId, notes?: string) {
  const click = randomUUID().replace(/-/g, '');
  const request = validRequest(brand, {
    customer: { email: `c${click.slice(0, 8)}@example.com` },
    request: { courtesyCar: 'yes', notes: notes ?? `ads ${click}` },
    tracking: {
      source: 'google',
      gaid: `Cj0K${click}`,
      // A display ad's click: the Conversion API takes no search ad's (`YSS.`).
      yclid: `YJAD.1000000001.${click}`,
      fbclid: `IwAR${click}`,
      ldtag_cl: `ld${click}`,
    },
  });
  const body = { ...request, adConsent: true };
  const headers = {
    Cookie: `_fbp=fb.1.${Date.now()}.${click.slice(0, 10)}`,
    'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148',
  };
  return { body, headers };
}

function deliveriesOf(id: string): Delivery[] {
  return receiver.deliveries.filter((delivery) => delivery.body.includes(`"id":"${id}"`));
}

const kinds = (mails: KeptMail[]) => mails.map((mail) => mail.kind).sort();

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
    test('a lead is stored in D1 with its columns; its webhook is received once, signed, then marked delivered', async () => {
      const body = lead(brand.id);
      const gaid = (body.tracking as { gaid: string }).gaid;
      const id = idOf(await postJson(brand.id, body, { ip: client() }));
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
      await expect.poll(() => deliveriesOf(id!).length, poll).toBe(1);
    });

    test('the Worker counts new leads per client address (CF-Connecting-IP): the 21st in 10 minutes gets 429, another address does not', async () => {
      // Marked leads (the honeypot filled) count as any new lead and queue only the shop's mail.
      const marked = () => ({ ...lead(brand.id), [honeypotField]: 'x' });
      const ip = client();
      for (let n = 0; n < newLeadRateLimit.limit; n += 1) {
        idOf(await postJson(brand.id, marked(), { ip }));
      }
      const limited = await postJson(brand.id, marked(), { ip });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      idOf(await postJson(brand.id, marked(), { ip: client() }));
    });

    test('a lead gives the receipt and the shop notice through the queue and the binding', async () => {
      const email = `m${randomUUID().slice(0, 8)}@example.com`;
      const body = lead(brand.id, { email });
      body.vehicle.postalCode = '150-0001';
      const id = idOf(await postJson(brand.id, body, { ip: client() }));
      await expect
        .poll(async () => kinds(await mailsOf(brand.id, id)), poll)
        .toEqual(['receipt', 'shop-notice']);
      const mails = await mailsOf(brand.id, id);
      const receipt = mails.find((mail) => mail.kind === 'receipt')!;
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
      // The area comes from the Worker's own postal data.
      const [header = [], ...rows] = parseCsv(await exportCsv(brand.id));
      const row = rows.find((cells) => cells.includes(id)) ?? [];
      expect(row[header.indexOf('郵便番号')]).toBe('〒150-0001 東京都渋谷区');
    });

    test('a failing webhook and a failing platform: each retried alone and dead-lettered with an alert; the rest sent once; re-sent per channel, each gets it once', async () => {
      const marker = `FAIL-${randomUUID()}`;
      const { body, headers } = fromEveryAd(brand.id, marker);
      receiver.failing.add(marker);
      platforms.failing.add('meta');
      let id: string;
      try {
        id = idOf(await postJson(brand.id, body, { ip: client(), headers }));
        // The first try and max_retries (2) more, each answered 500, then the dead letter.
        await expect.poll(() => deliveriesOf(id).length, poll).toBe(3);
        expect(deliveriesOf(id).every((delivery) => delivery.status === 500)).toBe(true);
        await expect
          .poll(async () => csvLine(await exportCsv(brand.id), id), poll)
          .toMatch(/"失敗（再送が必要） [^"]+（3回失敗: the webhook answered 500）"/);
        await expect
          .poll(async () => (await channelStates(brand.id, id)).meta, poll)
          .toMatch(/^失敗（再送が必要） .+（3回失敗: Meta answered 500/);
      } finally {
        platforms.failing.delete('meta');
      }
      // Meanwhile the mails went out once each, and the other platforms got the lead once,
      // neither delayed nor repeated by the failing channels.
      expect(kinds(await mailsOf(brand.id, id))).toEqual(['receipt', 'shop-notice']);
      const others = everyPlatform.filter((platform) => platform !== 'meta');
      expect(acceptedFor(id)).toEqual(others);
      // Dead-lettered, the brand's ops get the alert listing the lead (one an hour at most).
      await expect
        .poll(
          async () =>
            (await sentMails(brand.id)).filter(
              (mail) =>
                mail.kind === 'dead-letter-alert' && mail.to.includes(`ops@${brand.id}.localhost`),
            ).length,
          poll,
        )
        .toBeGreaterThan(0);

      expect((await resend(brand.id, '', 'wrong')).status).toBe(401);
      receiver.failing.delete(marker);
      // A sent mail is not sent again; an unknown channel is refused with the list.
      expect(JSON.parse((await resend(brand.id, `?id=${id}&channel=receipt`)).body)).toEqual({
        resent: [],
        alreadyQueued: [],
      });
      expect((await resend(brand.id, `?id=${id}&channel=fax`)).status).toBe(400);
      // Without an id it re-sends every dead-lettered webhook: this lead's alone.
      await expect
        .poll(
          async () =>
            (JSON.parse((await resend(brand.id, '?channel=webhook')).body) as { resent: unknown[] })
              .resent,
          poll,
        )
        .toContainEqual({ id, channel: 'webhook' });
      const resent = await resend(brand.id, `?id=${id}&channel=meta`);
      expect(JSON.parse(resent.body)).toEqual({
        resent: [{ id, channel: 'meta' }],
        alreadyQueued: [],
      });
      await expect
        .poll(() => deliveriesOf(id).filter((delivery) => delivery.status === 204).length, poll)
        .toBe(1);
      expectSigned(deliveriesOf(id).at(-1)!);
      await expect.poll(() => acceptedFor(id), poll).toEqual(everyPlatform);
      await expect
        .poll(async () => {
          const states = await channelStates(brand.id, id);
          return [states.webhook, states.meta].map((state) => state?.slice(0, 4));
        }, poll)
        .toEqual(['配信済み', '配信済み']);
      // Delivered now: a re-send of it sends nothing, and nothing was repeated.
      expect(JSON.parse((await resend(brand.id, `?id=${id}`)).body)).toEqual({
        resent: [],
        alreadyQueued: [],
      });
      expect(kinds(await mailsOf(brand.id, id))).toEqual(['receipt', 'shop-notice']);
      expect(platforms.duplicates).toEqual([]);
      expect(deliveriesOf(id)).toHaveLength(4);
    });

    test('a lead from an ad of each platform: one accepted event at each, none again for its replay or duplicate', async () => {
      const { body, headers } = fromEveryAd(brand.id);
      const key = randomUUID();
      const id = idOf(await postJson(brand.id, body, { key, ip: client(), headers }));
      await expect.poll(() => acceptedFor(id), poll).toEqual(everyPlatform);
      await expect
        .poll(async () => {
          const states = await channelStates(brand.id, id);
          return conversionChannels.map(({ name }) => states[name]?.slice(0, 4));
        }, poll)
        // Google's answer is read back by requestStatus (decision 018): 取込済. A display ad's
        // click is no search ad's: the search-ads channel says so.
        .toEqual(
          conversionChannels.map(({ name }) =>
            name === 'google' ? '取込済 ' : name === 'yahooSearch' ? '送信なし' : '配信済み',
          ),
        );
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
  });
}
