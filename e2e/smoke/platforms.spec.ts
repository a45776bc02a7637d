// What issue 38 promises of the ad platforms' channels, on Cloudflare's runtime (workerd, D1, the
// queue and its delayed messages, the send_email binding) with the platforms' receivers answering
// as their documents show (conversionReceivers.ts, platformFixtures.ts): Google's later report
// reaches staff and ops, contacts are hashed as Google asks, the Conversion Linker's click is
// used, a refusal is tried once, and a visitor who did not agree sends nothing. The payloads'
// rules are unit-tested (tests/server/platforms/, tests/server/delivery/followUps.d1.test.ts);
// this shows them through the real queue and store. One brand: the channels do not differ by brand.
import { createHash, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { conversionChannels } from '../../server/platforms/index';
import type { ChannelDelivery } from '../../server/leads/store';
import { validRequest } from '../../tests/factories/estimate';
import type { ConversionReceivers } from './conversionReceivers';
import { sentMails, smokeApi } from './engines';
import { receiversWaitMs, startLeadReceivers, type LeadReceivers } from './leadReceivers';
import { googleFixtures, metaFixtures } from './platformFixtures';
import { call, channelStates, client, cloudflareOnly, d1, idOf, postJson } from './workerApi';

test.describe.configure({ mode: 'default' });

const brand = 'yamada';
const poll = { timeout: 30_000, intervals: [250, 500, 1000] };
const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

let receivers: LeadReceivers;
let platforms: ConversionReceivers;
test.beforeAll(async () => {
  test.skip(test.info().project.name !== 'cloudflare', cloudflareOnly);
  test.setTimeout(receiversWaitMs + 30_000);
  receivers = await startLeadReceivers();
  platforms = receivers.platforms;
});
test.afterAll(async () => {
  await receivers?.webhook.close();
  await platforms?.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A lead of `brand` with its own e-mail; `adConsent` as the visitor chose. */
function leadBody(
  options: { email?: string; tracking?: Record<string, string>; adConsent?: boolean } = {},
) {
  const request = validRequest(brand, {
    customer: { email: options.email ?? `p${randomUUID().slice(0, 8)}@example.com` },
    tracking: options.tracking ?? { source: 'google' },
  });
  return options.adConsent === false ? request : { ...request, adConsent: true };
}

async function post(body: object, cookie?: string): Promise<string> {
  const headers: Record<string, string> = { 'User-Agent': userAgent };
  if (cookie) headers.Cookie = cookie;
  return idOf(await postJson(brand, body, { ip: client(), headers }));
}

function events(platform: string, id: string) {
  return platforms.accepted.filter((event) => event.platform === platform && event.dedupId === id);
}

/** The Google event the receiver accepted for lead `id`. */
async function googleEvent(id: string): Promise<Record<string, unknown>> {
  await expect.poll(() => events('google', id).length, poll).toBe(1);
  const body = events('google', id)[0]!.body as { events: Record<string, unknown>[] };
  return body.events[0]!;
}

/** Lead `id`'s deliveries as the staff API gives them to staff and their CRM. */
async function staffDeliveries(id: string): Promise<Record<string, ChannelDelivery>> {
  const answer = await call(brand, {
    path: `/api/staff/leads/${id}`,
    headers: { Authorization: `Bearer ${smokeApi.staffSecret}` },
  });
  expect(answer.status, answer.body).toBe(200);
  const { deliveries } = JSON.parse(answer.body) as { deliveries: ChannelDelivery[] };
  return Object.fromEntries(deliveries.map((delivery) => [delivery.channel, delivery]));
}

/** Dead-letter alerts the brand's ops were mailed since `since`. */
async function alertsSince(since: number): Promise<number> {
  return (await sentMails(brand)).filter(
    (mail) =>
      mail.kind === 'dead-letter-alert' &&
      mail.to.includes(`ops@${brand}.localhost`) &&
      Date.parse(mail.sentAt) >= since,
  ).length;
}

test('a FAILED report from requestStatus shows 失敗 with the reason to staff, and alerts ops', async () => {
  // The alert mails at most once an hour: forget the last one, so this failure's is not held back.
  await d1(brand, `DELETE FROM delivery_alerts WHERE brand = '${brand}'`);
  const since = Date.now() - 1000;
  const id = await post(leadBody({ tracking: { source: 'google', gaid: `Cj0K${randomUUID()}` } }));
  // Taken in (a requestId), then reported FAILED when the Worker asks after its delay.
  platforms.googleStatus.set(id, googleFixtures.statusFailedInvalidGclid);
  await googleEvent(id);
  const reason = 'クリックID（gclid）を読み取れませんでした';
  await expect
    .poll(async () => (await channelStates(brand, id)).google, poll)
    .toMatch(new RegExp(`^失敗 .+（${reason}`));
  const google = (await staffDeliveries(id)).google!;
  expect(google).toMatchObject({ state: 'dead', report: 'failed' });
  expect(google.lastError).toContain(reason);
  await expect.poll(() => alertsSince(since), poll).toBeGreaterThan(0);
});

test('a Gmail address reaches Google hashed as normalised; another domain keeps its dots', async () => {
  const otherEmail = `Taro.Yamada.${randomUUID().slice(0, 4)}@example.com`;
  const clicked = (email: string) =>
    leadBody({ email, tracking: { source: 'google', gaid: `Cj0K${randomUUID()}` } });
  const gmail = await post(clicked('Taro.Yamada+shaken@gmail.com'));
  const other = await post(clicked(otherEmail));
  const emailHash = async (id: string) => {
    const event = (await googleEvent(id)) as { userData: { userIdentifiers: object[] } };
    return event.userData.userIdentifiers.find((item) => 'emailAddress' in item);
  };
  expect(await emailHash(gmail)).toEqual({ emailAddress: sha256('taroyamada@gmail.com') });
  expect(await emailHash(other)).toEqual({ emailAddress: sha256(otherEmail.toLowerCase()) });
});

test('a returning visitor with only the Conversion Linker’s _gcl_aw cookie: its click reaches Google', async () => {
  const gclid = `Cj0KCQ${randomUUID().replace(/-/g, '')}`;
  // The 1-day tracking cookie has expired: no gclid in tracking.
  const id = await post(
    leadBody(),
    `_gcl_aw=GCL.${Math.floor(Date.now() / 1000) - 5 * 86400}.${gclid}`,
  );
  const event = await googleEvent(id);
  expect(event.adIdentifiers).toMatchObject({ gclid });
  await expect.poll(async () => (await channelStates(brand, id)).google, poll).toMatch(/^取込済 /);
});

test("a permanent refusal (Meta's 400 for a bad token) is tried once and shows 失敗 with Meta's message", async () => {
  platforms.refusing.set('meta', metaFixtures.invalidToken);
  let id = '';
  try {
    const yclid = `YJAD.1000000001.${randomUUID().replace(/-/g, '')}`;
    id = await post(
      leadBody({ tracking: { source: 'meta', yclid } }),
      `_fbc=fb.1.${Date.now()}.IwAR1234567890`,
    );
    await expect.poll(async () => (await staffDeliveries(id)).meta?.state, poll).toBe('dead');
  } finally {
    platforms.refusing.delete('meta');
  }
  const meta = (await staffDeliveries(id)).meta!;
  expect(meta.attempts).toBe(1);
  expect(meta.lastError).toContain(metaFixtures.invalidToken.error.message);
  expect(platforms.refused.filter((entry) => entry.dedupId === id)).toHaveLength(1);
  expect((await channelStates(brand, id)).meta).toContain(metaFixtures.invalidToken.error.message);
  // The other platforms took it as usual.
  await expect.poll(() => events('yahoo', id).length, poll).toBe(1);
});

test('a Yahoo!検索広告 click kept in _ly_c reaches the search-ads API, not the display one', async () => {
  const yclid = `YSS.1000000001.${randomUUID().replace(/-/g, '')}`;
  const id = await post(leadBody({ tracking: { source: 'yahoo' } }), `_ly_c=${yclid}`);
  await expect.poll(() => events('yahooSearch', yclid).length, poll).toBe(1);
  await expect
    .poll(async () => (await channelStates(brand, id)).yahooSearch, poll)
    .toMatch(/^配信済み/);
  expect((await channelStates(brand, id)).yahoo).toMatch(/^送信なし（Yahoo!検索広告のクリック/);
});

test('a visitor who did not agree (no adConsent) sends nothing to any platform', async () => {
  const click = randomUUID().replace(/-/g, '');
  const id = await post(
    leadBody({
      adConsent: false,
      tracking: {
        source: 'google',
        gaid: `Cj0K${click}`,
        yclid: `YJAD.${click}`,
        fbclid: `IwAR${click}`,
        ldtag_cl: `ld${click}`,
      },
    }),
    `_fbp=fb.1.${Date.now()}.1234567890; _gcl_aw=GCL.1.${click}`,
  );
  // Its webhook went through the same queue, after which every platform's choice is recorded.
  await expect
    .poll(
      () => receivers.webhook.deliveries.filter((d) => d.body.includes(`"id":"${id}"`)).length,
      poll,
    )
    .toBe(1);
  const states = await channelStates(brand, id);
  for (const { name } of conversionChannels) {
    expect(states[name], name).toMatch(/^送信なし（.+に同意なし）$/);
  }
  expect(platforms.accepted.filter((event) => event.dedupId === id)).toEqual([]);
  expect(platforms.refused.filter((entry) => entry.dedupId === id)).toEqual([]);
});
