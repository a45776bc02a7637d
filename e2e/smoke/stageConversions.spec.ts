// 予約確定 and 完了 as conversions on Cloudflare's runtime (workerd, D1, the queue): a visitor from
// a Google ad and a Meta ad who agreed to the provision is moved through the staff API to 予約確定
// and 完了 54,321円; the Google and Meta receivers (conversionReceivers.ts, the platforms' checks)
// take exactly one 完了 each, with 54321 JPY, whatever is posted again, corrected or swept; a
// visitor who did not agree sends nothing. The rules are unit-tested (tests/server/platforms/stages.test.ts).
// It takes the platforms' port (CLOUDFLARE_PORT+3) as api.spec.ts does: the receivers wait for
// each other (startConversionReceivers), so this file's beforeAll may wait for api.spec.ts's.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { importSPKI } from 'jose';
import { notAgreed } from '../../server/platforms/platform';
import { channelNamed } from '../../server/delivery/channels';
import { validRequest } from '../../tests/factories/estimate';
import { parseCsv } from '../../tests/parseCsv';
import { startConversionReceivers, type ConversionReceivers } from './conversionReceivers';
import { engines, selectedEngines, smokeApi, smokeGoogleAccount } from './engines';
import { client, cloudflareOnly, exportCsv, idOf, postJson, postStage } from './workerApi';

test.describe.configure({ mode: 'serial' });

let platforms: ConversionReceivers;

test.beforeAll(async () => {
  test.skip(
    test.info().project.name !== 'cloudflare' ||
      !selectedEngines().some((engine) => engine.name === 'cloudflare'),
    cloudflareOnly,
  );
  test.setTimeout(600_000);
  const account = smokeGoogleAccount();
  platforms = await startConversionReceivers(smokeApi.conversionsPort, {
    googleEmail: account.email,
    googlePublicKey: await importSPKI(account.publicKey, 'RS256'),
    googlePrivateKeyPkcs8: account.privateKey,
  });
});

test.afterAll(async () => {
  await platforms?.close();
});

const poll = { timeout: 60_000, intervals: [250, 500, 1000] };

/** A lead from a Google ad and a Meta ad; `adConsent` as the visitor chose. */
async function adLead(adConsent: boolean): Promise<string> {
  const click = randomUUID().replace(/-/g, '');
  const body = {
    ...validRequest('yamada', {
      customer: { email: `s${click.slice(0, 8)}@example.com` },
      tracking: { source: 'google', gaid: `Cj0K${click}`, fbclid: `IwAR${click}` },
    }),
    adConsent,
  };
  return idOf(
    await postJson('yamada', body, {
      ip: client(),
      headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' },
    }),
  );
}

function stage(id: string, key: string, body: object) {
  return postStage('yamada', id, key, body);
}

async function bookAndComplete(id: string): Promise<void> {
  const booked = { stage: 'booked', bookedFor: '2027-01-20T10:30', shop: '渋谷店' };
  expect((await stage(id, `${id}-b`, booked)).status).toBe(201);
  const completed = { stage: 'completed', amount: 54_321 };
  const first = await stage(id, `${id}-c`, completed);
  expect(first.status, first.body).toBe(201);
  // The same request again (a double click): the same answer, nothing recorded or sent.
  expect((await stage(id, `${id}-c`, completed)).body).toBe(first.body);
}

/** A correction of the amount once it was sent: recorded for staff, not sent again. */
async function correct(id: string): Promise<void> {
  expect((await stage(id, `${id}-c2`, { stage: 'completed', amount: 60_000 })).status).toBe(201);
}

/** The lead's CSV cells of the stage channels, by channel name. */
async function stageStates(id: string): Promise<Record<string, string>> {
  const [header = [], ...rows] = parseCsv(await exportCsv('yamada'));
  const idColumn = header.findIndex((name) => name.endsWith('受付番号'));
  const row = rows.find((cells) => cells[idColumn] === id) ?? [];
  const states: Record<string, string> = {};
  for (const name of ['googleCompleted', 'metaCompleted']) {
    states[name] = row[header.indexOf(`配信（${channelNamed(name)!.label}）`)] ?? '';
  }
  return states;
}

const acceptedAs = (dedupId: string) =>
  platforms.accepted.filter((event) => event.dedupId === dedupId);

test('a 完了 of 54,321円 reaches Google and Meta once each, in JPY, for a visitor who agreed', async () => {
  test.setTimeout(180_000);
  const id = await adLead(true);
  await bookAndComplete(id);
  await expect
    .poll(
      () =>
        acceptedAs(`${id}-completed`)
          .map((event) => event.platform)
          .sort(),
      poll,
    )
    .toEqual(['google', 'meta']);
  const [google, meta] = ['google', 'meta'].map((platform) =>
    acceptedAs(`${id}-completed`).find((event) => event.platform === platform)!,
  );
  expect(google!.body).toMatchObject({
    destinations: [{ productDestinationId: '987654323' }],
    events: [{ conversionValue: 54_321, currency: 'JPY', eventSource: 'IN_STORE' }],
  });
  expect(meta!.body).toMatchObject({
    data: [
      {
        event_name: 'Purchase',
        action_source: 'physical_store',
        custom_data: { value: 54_321, currency: 'JPY' },
      },
    ],
  });
  // 予約確定 went to each platform as its own event.
  await expect
    .poll(
      () =>
        acceptedAs(`${id}-booked`)
          .map((event) => event.platform)
          .sort(),
      poll,
    )
    .toEqual(['google', 'meta']);
  // Sent; Google's answer to requestStatus is asked half an hour later (保留 until then).
  const sent = {
    googleCompleted: expect.stringMatching(/^保留 /),
    metaCompleted: expect.stringMatching(/^配信済み/),
  };
  await expect.poll(() => stageStates(id), poll).toEqual(sent);
  await correct(id);
  // The outbox sweep finds nothing of the lead to send again.
  const sweep = await fetch(`http://127.0.0.1:${engines.cloudflare.port}/cdn-cgi/local/scheduled`);
  expect(sweep.status).toBe(200);
  expect(await stageStates(id)).toEqual(sent);
  expect(acceptedAs(`${id}-completed`)).toHaveLength(2);
  expect(platforms.duplicates.filter((event) => event.dedupId.startsWith(id))).toEqual([]);
  expect(platforms.refused).toEqual([]);
});

test('a visitor who did not agree sends nothing, and staff read why', async () => {
  test.setTimeout(120_000);
  const id = await adLead(false);
  await bookAndComplete(id);
  await correct(id);
  await expect
    .poll(() => stageStates(id), poll)
    .toEqual({
      googleCompleted: expect.stringContaining(notAgreed),
      metaCompleted: expect.stringContaining(notAgreed),
    });
  expect(platforms.accepted.filter((event) => event.dedupId.startsWith(id))).toEqual([]);
});
