// What a channel sends with the Worker's bindings, as its queue consumer hands them over
// (server/delivery/notifier.ts deliveryContext): the webhook signed, an ad platform's variables,
// Google's access token kept for the isolate. What the consumer then records is tested on D1
// (consumer.d1.test.ts); each platform's payload in tests/server/platforms/.
import { createHmac } from 'node:crypto';
import { exportPKCS8, generateKeyPair } from 'jose';
import { channelNamed } from '../../../server/delivery/channels';
import { deliveryContext } from '../../../server/delivery/notifier';
import type { DeliveryEnv } from '../../../server/delivery/types';
import { webhookBody } from '../../../server/delivery/webhook';
import type { StoredLead } from '../../../server/leads/store';
import { leadRequest, storedLead } from '../../factories/estimate';
import { postalAssets } from '../../factories/postal';

/** The Worker's bindings, `vars` over them; nothing is queued or mailed here. */
function workerEnv(vars: Partial<DeliveryEnv> = {}): DeliveryEnv {
  return {
    LEADS: { send: () => Promise.resolve(), sendBatch: () => Promise.resolve() },
    ASSETS: postalAssets(),
    DEAD_LETTER_QUEUE: 'leads-dlq',
    RETRY_BASE_SECONDS: '30',
    WEBHOOK_URL: 'https://crm.example/hook',
    WEBHOOK_SECRET: 'shh',
    ...vars,
  };
}

const noEarlierLeads = { earlierToMailbox: () => Promise.resolve(0) };

/** Sends `lead` on `channel` with the Worker's `env`; returns the requests it made. */
async function send(channel: string, lead: StoredLead, env: DeliveryEnv, answer = () => '{}') {
  const requests: Request[] = [];
  const fetcher = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    const url = request.url;
    if (url === env.GOOGLE_OAUTH_TOKEN_ENDPOINT) {
      return Promise.resolve(Response.json({ access_token: 'ya29.token', expires_in: 3600 }));
    }
    return Promise.resolve(new Response(answer()));
  };
  const context = deliveryContext(env, noEarlierLeads, fetcher as typeof fetch);
  const result = await channelNamed(channel)!.send(lead, context);
  return { requests, result };
}

const hourAgo = () => new Date(Date.now() - 3600_000).toISOString();

describe('the webhook', () => {
  it('posts the lead signed with WEBHOOK_SECRET to WEBHOOK_URL, following no redirect', async () => {
    const lead = storedLead({ id: 'lead-1', brand: 'carsupport' });
    const { requests } = await send('webhook', lead, workerEnv());
    const [request] = requests;
    expect(request?.url).toBe('https://crm.example/hook');
    expect(request?.method).toBe('POST');
    expect(request?.redirect).toBe('manual');
    const body = await request!.text();
    expect(JSON.parse(body)).toMatchObject({ id: 'lead-1', brand: 'carsupport' });
    const timestamp = request!.headers.get('X-Shaken-Timestamp')!;
    const mac = createHmac('sha256', 'shh').update(`${timestamp}.${body}`).digest('hex');
    expect(request!.headers.get('X-Shaken-Signature')).toBe(`sha256=${mac}`);
  });

  it("puts the lead's id, brand and time over whatever the request says", () => {
    const lead = storedLead({ id: 'lead-1', brand: 'carsupport', request: leadRequest('yamada') });
    expect(JSON.parse(webhookBody(lead))).toMatchObject({
      id: 'lead-1',
      brand: 'carsupport',
      receivedAt: lead.receivedAt,
    });
  });
});

describe('an ad platform’s conversion', () => {
  it("is sent with the Worker's variables: Meta's endpoint, pixel and token", async () => {
    const lead = storedLead({
      id: 'lead-1',
      receivedAt: hourAgo(),
      request: leadRequest('yamada', { tracking: { fbclid: 'IwAR-click' } }),
    });
    const env = workerEnv({
      META_CONVERSIONS_ENDPOINT: 'https://graph.example/v25.0',
      META_PIXEL_ID: '42',
      META_ACCESS_TOKEN: 'token',
    });
    const { requests } = await send('meta', lead, env);
    expect(requests.map((request) => request.url)).toEqual([
      'https://graph.example/v25.0/42/events',
    ]);
    expect(await requests[0]!.json()).toMatchObject({
      access_token: 'token',
      data: [{ event_id: 'lead-1' }],
    });
  });

  it("asks Google for an access token once for the isolate's batches, not once a batch", async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    // The Workers runtime hands each batch of an isolate the same env; each gets its context.
    const env = workerEnv({
      GOOGLE_DATA_MANAGER_ENDPOINT: 'https://datamanager.example/v1/events:ingest',
      GOOGLE_OAUTH_TOKEN_ENDPOINT: 'https://oauth.example/token',
      GOOGLE_SERVICE_ACCOUNT_EMAIL: 'bench@example.iam.gserviceaccount.com',
      GOOGLE_SERVICE_ACCOUNT_PRIVATE_KEY: await exportPKCS8(privateKey),
      GOOGLE_ADS_CUSTOMER_ID: '1234567890',
      GOOGLE_ADS_CONVERSION_ACTION_ID: '987',
    });
    const lead = storedLead({
      receivedAt: hourAgo(),
      request: leadRequest('yamada', { tracking: { gaid: 'Cj0-click' } }),
    });
    const asked: string[] = [];
    for (let batch = 1; batch <= 2; batch += 1) {
      const { requests, result } = await send('google', lead, env, () => '{"requestId":"r"}');
      expect(result).toEqual({ receipt: 'r' });
      asked.push(...requests.map((request) => request.url));
    }
    expect(asked).toEqual([
      'https://oauth.example/token',
      'https://datamanager.example/v1/events:ingest',
      'https://datamanager.example/v1/events:ingest',
    ]);
  });
});
