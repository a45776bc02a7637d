// The ad platforms' conversion channels (server/platforms/, issue 29): each payload pinned
// against an example of the platform's documentation, what is never sent, and each channel's
// `send` driven against the local receivers the smoke suite uses (e2e/smoke/conversionReceivers.ts),
// which check the documented shapes. A Worker without their configuration sends nothing:
// unconfigured.d1.test.ts.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { exportPKCS8, generateKeyPair } from 'jose';
import {
  startConversionReceivers,
  type ConversionReceivers,
} from '../../../e2e/smoke/conversionReceivers';
import { PermanentRefusal } from '../../../server/delivery/channel';
import type { StoredLead } from '../../../server/leads/store';
import { conversionChannels } from '../../../server/platforms/index';
import { conversionVariables } from '../../../server/platforms/index';
import type { ConversionContext } from '../../../server/platforms/platform';
import { googleEvents, googleReport } from '../../../server/platforms/googleEvents';
import { lineEvents } from '../../../server/platforms/line';
import { metaEvent } from '../../../server/platforms/meta';
import { yahooEvent } from '../../../server/platforms/yahoo';
import { yahooSearchEvent } from '../../../server/platforms/yahooSearch';
import { pages as carsupportPages } from '../../../src/content/carsupport/pages';
import { onlyFromAds } from '../../../src/content/privacyPromises';
import { pages as yamadaPages } from '../../../src/content/yamada/pages';
import {
  adProvisionSince,
  conversionPlatforms,
  externalTransmissions,
} from '../../../src/content/externalTransmission';
import { googleFixtures, metaFixtures } from '../../../e2e/smoke/platformFixtures';
import type { TrackingData } from '../../../src/tracking/trackingFields';
import type { MatchingData } from '../../../src/tracking/matchingFields';
import { leadRequest, storedLead } from '../../factories/estimate';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148';

function lead(
  options: {
    id?: string;
    receivedAt?: string;
    tracking?: TrackingData;
    matching?: Partial<MatchingData>;
    email?: string;
    phone?: string;
    suspectedSpam?: boolean;
    /** The optional choice of the form; ticked unless a test says otherwise. */
    adConsent?: boolean;
  } = {},
): StoredLead {
  const request = leadRequest('yamada', { tracking: options.tracking ?? {} });
  request.adConsent = options.adConsent ?? true;
  if (options.email) request.customer.email = options.email;
  if (options.phone) request.customer.phone = options.phone;
  return storedLead({
    id: options.id ?? '261125-7K3QF9ZD',
    receivedAt: options.receivedAt ?? new Date().toISOString(),
    suspectedSpam: options.suspectedSpam ?? false,
    request,
    matching: {
      cookies: {},
      userAgent,
      clientAddress: '203.0.113.10',
      eventSourceUrl: 'https://www.yamada-shaken.com/',
      privacyPolicyVersion: adProvisionSince,
      ...options.matching,
    },
  });
}

describe('the payloads, pinned against the platforms’ documentation', () => {
  it('Google: the Data Manager API event of the "Send events" guide', async () => {
    // The guide's example: transaction_id ABC798654321, gclid GCLID_1, and
    // john.smith@EXAMPLE.COM trimmed and lowercased, hashed to 8E621E3D03686… (hex).
    const body = await googleEvents(
      lead({
        id: 'ABC798654321',
        receivedAt: '2025-06-10T20:07:01.000Z',
        tracking: { gaid: 'GCLID_1', gbraid: 'ignored-when-gclid' },
        email: ' john.smith@EXAMPLE.COM ',
        phone: '090-0123-4567',
      }),
      { customerId: '123-456-7890', conversionActionId: '987654321' },
    );
    expect(body).toEqual({
      destinations: [
        {
          operatingAccount: { accountType: 'GOOGLE_ADS', accountId: '1234567890' },
          productDestinationId: '987654321',
        },
      ],
      encoding: 'HEX',
      events: [
        {
          transactionId: 'ABC798654321',
          eventTimestamp: '2025-06-10T20:07:01.000Z',
          eventSource: 'WEB',
          adIdentifiers: { gclid: 'GCLID_1' },
          userData: {
            userIdentifiers: [
              { emailAddress: sha256('john.smith@example.com') },
              { phoneNumber: sha256('+819001234567') },
            ],
          },
          consent: { adUserData: 'CONSENT_GRANTED', adPersonalization: 'CONSENT_DENIED' },
        },
      ],
    });
    expect(sha256('john.smith@example.com').toUpperCase()).toMatch(/^8E621E3D03686/);
  });

  it('Meta: the Conversions API event with the SDK example’s fbc and fbp', async () => {
    // facebook-nodejs-business-sdk's examples/ads_pixel_events_post_custom.js: the cookies'
    // documented forms fb.1.<ms>.<id>; phones hashed as digits with the country code, no "+".
    const body = await metaEvent(
      lead({
        receivedAt: '2026-11-25T00:00:00.000Z',
        matching: {
          cookies: {
            _fbp: 'fb.1.1558571054389.1098115397',
            _fbc: 'fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890',
          },
        },
        email: 'joe@eg.com',
        phone: '09012345678',
      }),
    );
    expect(body).toEqual({
      data: [
        {
          event_name: 'Lead',
          event_time: 1_795_564_800,
          event_id: '261125-7K3QF9ZD',
          action_source: 'website',
          event_source_url: 'https://www.yamada-shaken.com/',
          user_data: {
            em: [sha256('joe@eg.com')],
            ph: [sha256('819012345678')],
            client_ip_address: '203.0.113.10',
            client_user_agent: userAgent,
            fbc: 'fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890',
            fbp: 'fb.1.1558571054389.1098115397',
          },
        },
      ],
    });
  });

  it('Meta: builds fbc from the fbclid in the documented fb.1.<creation ms>.<fbclid> form', async () => {
    const received = '2026-11-25T00:00:00.000Z';
    const body = await metaEvent(lead({ receivedAt: received, tracking: { fbclid: 'IwAR2abc' } }));
    const [event] = body.data as { user_data: { fbc: string } }[];
    expect(event?.user_data.fbc).toBe(`fb.1.${Date.parse(received)}.IwAR2abc`);
  });

  it('LINEヤフー: the Conversion API body of the reference, with its phone example', async () => {
    // The reference's phone example: 090-0123-4567 becomes +819001234567, then SHA-256.
    const body = await yahooEvent(
      lead({
        receivedAt: '2026-11-25T00:00:00.000Z',
        tracking: { yclid: 'YSS.1234567890.EAIaIQ' },
        matching: { cookies: { _ly_su: '1795564700.su', _ly_r: '1795564700.r' } },
        email: 'Taro@Example.com',
        phone: '090-0123-4567',
      }),
      'tag-1',
    );
    expect(body).toEqual({
      tag_id: 'tag-1',
      data: [
        {
          event: {
            event_type: 'generate_lead',
            event_time: 1_795_564_800,
            action_source: 'web',
            transaction_id: '261125-7K3QF9ZD',
          },
          user: {
            hashed_email: sha256('taro@example.com'),
            hashed_phone_number: sha256('+819001234567'),
            ly_c: '1795564800.YSS.1234567890.EAIaIQ',
            ly_su: '1795564700.su',
            ly_r: '1795564700.r',
          },
          web: {
            url: 'https://www.yamada-shaken.com/',
            ip: '203.0.113.10',
            user_agent: userAgent,
          },
        },
      ],
    });
  });

  it('LINE: the "default conversion" event of the Conversion API reference', async () => {
    const body = await lineEvents(
      lead({
        receivedAt: '2024-05-22T02:40:00.000Z',
        tracking: { ldtag_cl: 'abc123' },
        matching: { cookies: { __lt__cid: '550e8400-e29b-41d4-a716-446655440000' } },
        email: 'Taro@Example.com',
        phone: '08012345678',
      }),
    );
    expect(body).toEqual([
      {
        event: {
          deduplication_key: '261125-7K3QF9ZD',
          event_type: 'conversion',
          event_name: 'Conversion',
          source_type: 'web',
          event_timestamp: 1_716_345_600,
        },
        user: {
          click_id: 'abc123',
          browser_id: '550e8400-e29b-41d4-a716-446655440000',
          email: sha256('taro@example.com'),
          // The reference: hash the number in the form following +81 (+818012345678).
          phone: sha256('+818012345678'),
        },
        web: {
          url: 'https://www.yamada-shaken.com/',
          user_agent: userAgent,
          ip_address: '203.0.113.10',
        },
      },
    ]);
  });
});

describe('Google: what the formatting guide and the Conversion Linker ask', () => {
  const destination = { customerId: '1', conversionActionId: '2' };
  const hashedEmail = async (email: string) => {
    const body = await googleEvents(lead({ email }), destination);
    return JSON.stringify(body).match(/"emailAddress":"([0-9a-f]{64})"/)?.[1];
  };

  it('drops dots and the +suffix of gmail.com and googlemail.com addresses, of no other domain', async () => {
    expect(await hashedEmail('Jane.Doe+ads@Gmail.com')).toBe(sha256('janedoe@gmail.com'));
    expect(await hashedEmail('jane.doe+ads@googlemail.com')).toBe(sha256('janedoe@googlemail.com'));
    expect(await hashedEmail('jane.doe+ads@example.co.jp')).toBe(
      sha256('jane.doe+ads@example.co.jp'),
    );
  });

  it('takes a returning visitor’s click from _gcl_aw (or _gcl_gb) when the visit has none', async () => {
    const returning = lead({ matching: { cookies: { _gcl_aw: 'GCL.1795564800.Cj0KCQ-back' } } });
    const [event] = (await googleEvents(returning, destination)).events as Record<
      string,
      unknown
    >[];
    expect(event?.adIdentifiers).toEqual({ gclid: 'Cj0KCQ-back' });
    const app = lead({ matching: { cookies: { _gcl_gb: 'GCL.1795564800.gb-1' } } });
    const [appEvent] = (await googleEvents(app, destination)).events as Record<string, unknown>[];
    expect(appEvent?.adIdentifiers).toEqual({ gbraid: 'gb-1' });
    const visit = lead({
      tracking: { gaid: 'fresh' },
      matching: { cookies: { _gcl_aw: 'GCL.1.old' } },
    });
    const [visitEvent] = (await googleEvents(visit, destination)).events as Record<
      string,
      unknown
    >[];
    expect(visitEvent?.adIdentifiers).toEqual({ gclid: 'fresh' });
  });

  it('takes a web lead’s wbraid before a gbraid, and names a manager account as loginAccount', async () => {
    const both = lead({ tracking: { gbraid: 'gb-app', wbraid: 'wb-web' } });
    const [event] = (await googleEvents(both, destination)).events as Record<string, unknown>[];
    expect(event?.adIdentifiers).toEqual({ wbraid: 'wb-web' });
    const managed = await googleEvents(both, { ...destination, loginCustomerId: '111-222-3333' });
    expect((managed.destinations as Record<string, unknown>[])[0]).toMatchObject({
      operatingAccount: { accountType: 'GOOGLE_ADS' },
      loginAccount: { accountType: 'GOOGLE_ADS', accountId: '1112223333' },
    });
    const [direct] = (await googleEvents(both, destination)).destinations as object[];
    expect(direct).not.toHaveProperty('loginAccount');
  });

  it('reads requestStatus.retrieve’s documented answers as 取込済, 一部失敗, 失敗 or not yet', () => {
    expect(googleReport(googleFixtures.statusSuccess)).toEqual({ report: 'accepted' });
    expect(googleReport(googleFixtures.statusProcessing)).toEqual({ report: 'waiting' });
    expect(googleReport(googleFixtures.statusUnknown)).toEqual({ report: 'waiting' });
    expect(googleReport(googleFixtures.statusFailedInvalidGclid)).toEqual({
      report: 'failed',
      reason: 'クリックID（gclid）を読み取れませんでした',
    });
    expect(googleReport(googleFixtures.statusPartial)).toEqual({
      report: 'partial',
      reason: 'コンバージョンが古すぎます',
    });
  });
});

describe('what is never sent', () => {
  const everything: TrackingData = { gaid: 'g', yclid: 'y', fbclid: 'f', ldtag_cl: 'l' };
  const searchCookie = { cookies: { _ly_c: 'YSS.1.search' } };
  const full = Object.fromEntries(
    Object.values(conversionVariables)
      .flat()
      .map((name) => [name, 'set']),
  );
  const ctx = (env: ConversionContext['env']): ConversionContext => ({
    env,
    fetch,
    now: () => new Date(),
  });

  it('sends nothing, not even a click id, for a lead that did not tick the provision or agreed to an older policy', async () => {
    const unticked = lead({ tracking: everything, adConsent: false });
    const earlier = lead({
      tracking: everything,
      matching: { privacyPolicyVersion: '2026-11-25' },
    });
    const unknown = lead({ tracking: everything, matching: { privacyPolicyVersion: undefined } });
    for (const old of [unticked, earlier, unknown]) {
      for (const channel of conversionChannels) {
        expect(await channel.decide(old, ctx(full))).toEqual({
          kind: 'skip',
          reason: '広告事業者への提供に同意なし',
        });
      }
      const text = JSON.stringify([
        await googleEvents(old, { customerId: '1', conversionActionId: '2' }),
        await metaEvent(old),
        await yahooEvent(old, 't'),
        await lineEvents(old),
      ]);
      expect(text).not.toMatch(/[0-9a-f]{64}/);
    }
  });

  it('sends nothing to any platform for a lead from no ad, as the policy promises', async () => {
    for (const page of [carsupportPages.privacypolicy, yamadaPages.privacypolicy]) {
      expect(JSON.stringify(page)).toContain(onlyFromAds);
    }
    // A contact and the platforms' browser ids (_fbp, _ly_su, __lt__cid) are no click of an ad.
    const organic = lead({
      matching: { cookies: { _fbp: 'fb.1.2.3', _ly_su: 's', __lt__cid: 'c' } },
    });
    for (const channel of conversionChannels) {
      expect(await channel.decide(organic, ctx(full))).toMatchObject({
        kind: 'skip',
        reason: expect.stringContaining('の広告からの来訪ではありません'),
      });
    }
  });

  it('drops a click id sent over the cap and says so, never sending a cut one', async () => {
    const overlong = lead({ matching: { overlongClickIds: ['gaid', 'fbclid'] } });
    for (const platform of ['google', 'meta']) {
      const channel = conversionChannels.find((one) => one.platform === platform)!;
      expect(await channel.decide(overlong, ctx(full))).toMatchObject({
        kind: 'skip',
        reason: expect.stringMatching(/^クリックID（(gclid|fbclid)）が200文字を超えていたため破棄/),
      });
    }
  });

  it('never sends Meta a website event without a user agent: the lead says why instead', async () => {
    const meta = conversionChannels.find((channel) => channel.platform === 'meta');
    const noAgent = lead({ tracking: { fbclid: 'f' }, matching: { userAgent: undefined } });
    expect(await meta?.decide(noAgent, ctx(full))).toEqual({
      kind: 'skip',
      reason: 'ユーザーエージェントなし（Metaのウェブサイトイベントに必須）',
    });
  });

  it('keeps a Yahoo!検索広告 click (yclid YSS.) out of the display-ads Conversion API, saying why', async () => {
    const yahoo = conversionChannels.find((channel) => channel.platform === 'yahoo');
    expect(
      await yahoo?.decide(lead({ tracking: { yclid: 'YSS.1234567890.EAIaIQ' } }), ctx(full)),
    ).toEqual({
      kind: 'skip',
      reason: 'Yahoo!検索広告のクリック（検索広告のコンバージョンAPIで送ります）',
    });
    expect(await yahoo?.decide(lead({ tracking: { yclid: 'YJAD.1.abc' } }), ctx(full))).toEqual({
      kind: 'send',
    });
  });

  it('sends a Yahoo!検索広告 click to the search-ads API: the URL’s yclid, else the tag’s _ly_c', async () => {
    const search = conversionChannels.find((channel) => channel.platform === 'yahooSearch')!;
    const fromCookie = lead({
      matching: { cookies: { _ly_c: '1795564800.YSS.1234567890.EAIaIQ' } },
    });
    for (const one of [lead({ tracking: { yclid: 'YSS.1234567890.EAIaIQ' } }), fromCookie]) {
      expect(await search.decide(one, ctx(full))).toEqual({ kind: 'send' });
      expect(yahooSearchEvent(one, { conversionId: '1', label: 'L' })).toMatchObject({
        yclid: 'YSS.1234567890.EAIaIQ',
        event_time: Date.parse(one.receivedAt),
        url: 'https://www.yamada-shaken.com/',
        user_agent: userAgent,
        ip: '203.0.113.10',
      });
    }
    expect(
      await search.decide(lead({ tracking: { yclid: 'YJAD.1.abc' } }), ctx(full)),
    ).toMatchObject({
      kind: 'skip',
    });
    const noPage = lead({
      tracking: { yclid: 'YSS.1.a' },
      matching: { eventSourceUrl: undefined },
    });
    expect(await search.decide(noPage, ctx(full))).toMatchObject({ kind: 'skip' });
  });

  it('marks each platform’s test mode as its documentation says', async () => {
    const google = await googleEvents(
      lead(),
      { customerId: '1', conversionActionId: '2' },
      { validateOnly: true },
    );
    expect(google.validateOnly).toBe(true);
    expect((await metaEvent(lead(), { testEventCode: 'TEST123' })).test_event_code).toBe('TEST123');
    const yahoo = await yahooEvent(lead(), 't', { eventSnippetId: 'snip-1', test: true });
    expect((yahoo.data as { event: Record<string, unknown> }[])[0]?.event).toMatchObject({
      event_snippet_id: 'snip-1',
      test_flag: true,
    });
    for (const body of [
      await googleEvents(lead(), { customerId: '1', conversionActionId: '2' }),
      await metaEvent(lead()),
      await yahooEvent(lead(), 't'),
    ]) {
      expect(JSON.stringify(body)).not.toMatch(/validateOnly|test_event_code|test_flag/);
    }
  });

  it('is off without the brand’s configuration, and skips spam and leads without the platform’s ids', async () => {
    for (const channel of conversionChannels) {
      expect(await channel.decide(lead({ tracking: everything }), ctx({}))).toEqual({
        kind: 'off',
      });
      const partial = { ...full, [conversionVariables[channel.platform][0]]: '' };
      expect(await channel.decide(lead({ tracking: everything }), ctx(partial))).toEqual({
        kind: 'off',
      });
      expect(
        await channel.decide(lead({ tracking: everything, matching: searchCookie }), ctx(full)),
      ).toEqual({
        kind: 'send',
      });
      expect(
        await channel.decide(lead({ tracking: everything, suspectedSpam: true }), ctx(full)),
      ).toEqual({ kind: 'skip', reason: 'スパム疑い' });
      expect(await channel.decide(lead({ email: ' ', phone: ' ' }), ctx(full))).toMatchObject({
        kind: 'skip',
      });
    }
  });

  it('has one channel per platform of the published table, and no other', () => {
    expect(conversionChannels.map((channel) => channel.platform).sort()).toEqual(
      [...conversionPlatforms].sort(),
    );
    const published = externalTransmissions.flatMap((row) =>
      row.route === 'server' ? [row.platform] : [],
    );
    expect(published.sort()).toEqual([...conversionPlatforms].sort());
  });

  it('names every platform’s configuration variable in docs/deploy.md', () => {
    const deploy = readFileSync('docs/deploy.md', 'utf8');
    for (const name of Object.values(conversionVariables).flat()) {
      expect(deploy).toContain(`\`${name}\``);
    }
  });

  it('keeps each platform’s retry window: Meta under its 7 days, LINE short as it counts at arrival', () => {
    const windows = Object.fromEntries(
      conversionChannels.map((channel) => [channel.platform, channel.retryWindowMs ?? Infinity]),
    );
    const day = 24 * 60 * 60 * 1000;
    expect(windows.meta).toBeLessThan(7 * day);
    expect(windows.line).toBeLessThanOrEqual(day);
    expect(windows.yahoo).toBeLessThan(90 * day);
    expect(windows.google).toBeLessThan(90 * day);
  });
});

describe('the channels against the local receivers', () => {
  let receivers: ConversionReceivers;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    receivers = await startConversionReceivers(0, {
      googleEmail: 'conversions@example-project.iam.gserviceaccount.com',
      googlePublicKey: publicKey,
      googlePrivateKeyPkcs8: await exportPKCS8(privateKey),
    });
  });

  afterAll(async () => {
    await receivers.close();
  });

  beforeEach(() => {
    receivers.accepted.length = 0;
    receivers.duplicates.length = 0;
    receivers.refused.length = 0;
    receivers.failing.clear();
  });

  const context = (): ConversionContext => ({ env: receivers.env, fetch, now: () => new Date() });

  /** What the per-channel delivery does with one lead: decide, then send where it says so. */
  async function deliver(one: StoredLead): Promise<Record<string, string>> {
    const outcome: Record<string, string> = {};
    for (const channel of conversionChannels) {
      const decision = await channel.decide(one, context());
      if (decision.kind !== 'send') {
        outcome[channel.name] = decision.kind;
        continue;
      }
      outcome[channel.name] = await channel.send(one, context()).then(
        () => 'sent',
        (error: unknown) => `failed: ${String(error)}`,
      );
    }
    return outcome;
  }

  const clicked = (id: string) =>
    lead({
      id,
      tracking: {
        gaid: 'Cj0KCQiA-gclid',
        yclid: 'YJAD.1.abc',
        fbclid: 'IwAR-fbclid',
        ldtag_cl: 'ldtag-1',
      },
      matching: { cookies: { _fbp: 'fb.1.1795564800000.1098115397', _ly_c: 'YSS.1.search' } },
    });

  it('gives exactly one accepted event at each receiver for a lead with every click id', async () => {
    expect(await deliver(clicked('261125-AAAAAAAA'))).toEqual({
      google: 'sent',
      meta: 'sent',
      yahoo: 'sent',
      yahooSearch: 'sent',
      line: 'sent',
    });
    expect(receivers.refused).toEqual([]);
    expect(receivers.accepted.map((event) => [event.platform, event.dedupId]).sort()).toEqual([
      ['google', '261125-AAAAAAAA'],
      ['line', '261125-AAAAAAAA'],
      ['meta', '261125-AAAAAAAA'],
      ['yahoo', '261125-AAAAAAAA'],
      ['yahooSearch', 'YSS.1.search'],
    ]);
  });

  it('sends nothing for a lead that did not tick the provision, whatever it came with', async () => {
    expect(
      await deliver({
        ...clicked('261125-BBBBBBBB'),
        request: { ...clicked('x').request, adConsent: false },
      }),
    ).toEqual({
      google: 'skip',
      meta: 'skip',
      yahoo: 'skip',
      yahooSearch: 'skip',
      line: 'skip',
    });
    expect(receivers.accepted).toEqual([]);
    expect(receivers.refused).toEqual([]);
  });

  it('carries the same deduplication id when a lead is sent again, so the platform counts it once', async () => {
    await deliver(clicked('261125-CCCCCCCC'));
    await deliver(clicked('261125-CCCCCCCC'));
    expect(receivers.accepted).toHaveLength(5);
    // The search-ads API has no event id: it judges a repeated click and time a duplicate itself.
    expect(receivers.duplicates.map((event) => event.platform).sort()).toEqual([
      'google',
      'line',
      'meta',
      'yahoo',
      'yahooSearch',
    ]);
  });

  it('fails only the channel whose platform fails, to be retried alone', async () => {
    receivers.failing.add('meta');
    const outcome = await deliver(clicked('261125-DDDDDDDD'));
    expect(outcome.meta).toMatch(/^failed: Error: Meta answered 500/);
    expect(outcome).toMatchObject({ google: 'sent', yahoo: 'sent', line: 'sent' });
    receivers.failing.clear();
    const meta = conversionChannels.find((channel) => channel.name === 'meta');
    await meta?.send(clicked('261125-DDDDDDDD'), context());
    expect(receivers.accepted.filter((event) => event.platform === 'meta')).toHaveLength(1);
    expect(receivers.duplicates).toEqual([]);
  });

  it('is refused for good, with Meta’s own message, when the access token is wrong', async () => {
    const meta = conversionChannels.find((channel) => channel.name === 'meta');
    const env = { ...receivers.env, META_ACCESS_TOKEN: 'wrong' };
    const refusal = await meta
      ?.send(clicked('261125-EEEEEEEE'), { env, fetch, now: () => new Date() })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PermanentRefusal);
    expect(String(refusal)).toContain(
      `Meta answered 400: ${metaFixtures.invalidToken.error.message}`,
    );
    expect(receivers.refused[0]?.problems).toContain('access_token is not the pixel’s token');
  });

  it('answers a Google request with a requestId, and its status later, as the platform does', async () => {
    const google = conversionChannels.find((channel) => channel.name === 'google');
    const result = await google?.send(clicked('261125-FFFFFFFF'), context());
    expect(result).toEqual({ receipt: expect.stringMatching(/^request-/) as string });
    receivers.googleStatus.set(result?.receipt ?? '', googleFixtures.statusFailedInvalidGclid);
    expect(await google?.followUp?.check(result?.receipt ?? '', context())).toEqual({
      report: 'failed',
      reason: 'クリックID（gclid）を読み取れませんでした',
    });
  });

  it('tries Google once in validateOnly mode and expects no requestId', async () => {
    const google = conversionChannels.find((channel) => channel.name === 'google');
    const env = { ...receivers.env, GOOGLE_VALIDATE_ONLY: 'true' };
    expect(
      await google?.send(clicked('261125-GGGGGGGG'), { env, fetch, now: () => new Date() }),
    ).toEqual({ test: true });
    expect(receivers.accepted).toEqual([]);
  });
});
