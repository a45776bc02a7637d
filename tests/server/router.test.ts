// The one API router (server/core/router.ts): which routes exist on a runtime, given its adapters.
// A route that is off is not routed, so both runtimes answer it with the site's 404 page.
import { storedLead } from '../factories/estimate';
import { apiPaths, createApi, type ApiAdapters } from '../../server/app';
import { createMemoryRateLimiter, localNotifier } from '../../server/node/localLeadStore';
import type { LeadStore, Redelivery } from '../../server/leads/store';
import { parseStoredRequest } from '../../server/leads/storedRequest';
import { postalArea } from '../factories/postal';

const store: LeadStore = {
  insert: () => Promise.reject(new Error('unused')),
  findByKey: () => Promise.resolve(null),
  findDuplicate: () => Promise.resolve(null),
  list: () => Promise.resolve([]),
  earlierToMailbox: () => Promise.resolve(0),
};
const redelivery: Redelivery = {
  get: () => Promise.resolve(null),
  undelivered: () => Promise.resolve([{ id: '261124-AAAAAAAA', channel: 'receipt' }]),
  resend: () => Promise.resolve('resent'),
};
const ctx = { brand: 'yamada' as const, clientKey: '203.0.113.5', siteOrigin: 'https://x.test' };

function api(overrides: Partial<ApiAdapters> = {}) {
  return createApi({
    store,
    rateLimiter: createMemoryRateLimiter(),
    notifier: localNotifier,
    staffSecret: undefined,
    businessHours: () => ({ start: '10:00', end: '18:30' }),
    postalArea,
    ...overrides,
  });
}

/** A staff re-send: POST /api/estimates/resend with `query`, as the bearer of `authorization`. */
function resendRequest(query = '', authorization = 'Bearer s'): Request {
  return new Request(`https://x.test${apiPaths.resend}${query}`, {
    method: 'POST',
    headers: { Authorization: authorization },
  });
}

describe('createApi', () => {
  it('routes only its own paths', () => {
    expect(api().route('/api/estimates/')).toBeUndefined();
    expect(api().route('/api/other')).toBeUndefined();
    expect(api().route(apiPaths.estimates)).toBeDefined();
  });

  it('turns the staff routes off without a secret, re-send also without a delivery queue', () => {
    for (const staffSecret of [undefined, '']) {
      const off = api({ staffSecret, redelivery });
      expect(off.route(apiPaths.export)).toBeUndefined();
      expect(off.route(apiPaths.resend)).toBeUndefined();
    }
    const local = api({ staffSecret: 's' });
    expect(local.route(apiPaths.export)).toBeDefined();
    expect(local.route(apiPaths.resend)).toBeUndefined();
    expect(api({ staffSecret: 's', redelivery }).route(apiPaths.resend)).toBeDefined();
  });

  it('answers the business hours the runtime gives, on each request', async () => {
    const route = api().route(apiPaths.businessTime)!;
    const answer = await route(new Request(`https://x.test${apiPaths.businessTime}`), ctx);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ start_time: '10:00', end_time: '18:30' });
  });

  it('re-sends for the bearer of the secret only', async () => {
    const route = api({ staffSecret: 's', redelivery }).route(apiPaths.resend)!;
    const post = (authorization: string) => route(resendRequest('', authorization), ctx);
    const refused = await post('Bearer wrong');
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    const done = await post('Bearer s');
    expect(await done.json()).toEqual({
      resent: [{ id: '261124-AAAAAAAA', channel: 'receipt' }],
      alreadyQueued: [],
    });
  });

  it('re-sends per channel, and names the channels when one is unknown', async () => {
    const asked: string[] = [];
    const route = api({
      staffSecret: 's',
      redelivery: {
        ...redelivery,
        get: (id) => Promise.resolve(storedLead({ id, request: parseStoredRequest({}, 'yamada') })),
        resend: (id, channel) =>
          Promise.resolve(
            asked.push(`${id} ${channel}`) > 0 && channel !== 'webhook' ? 'resent' : 'queued',
          ),
      },
    }).route(apiPaths.resend)!;
    const post = (query: string) => route(resendRequest(query), ctx);
    const one = await post('?id=L-1&channel=receipt');
    expect(await one.json()).toEqual({
      resent: [{ id: 'L-1', channel: 'receipt' }],
      alreadyQueued: [],
    });
    expect(asked).toEqual(['L-1 receipt']);
    const every = await post('?id=L-2');
    // Every channel of the list, the one the queue holds (the webhook here) said so.
    expect(await every.json()).toEqual({
      resent: ['shopNotice', 'receipt', 'google', 'meta', 'yahoo', 'line'].map((channel) => ({
        id: 'L-2',
        channel,
      })),
      alreadyQueued: [{ id: 'L-2', channel: 'webhook' }],
    });
    const unknown = await post('?id=L-1&channel=fax');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      error:
        'channel は webhook、shopNotice、receipt、bookingMail、google、meta、yahoo、line、googleBooked、metaBooked、yahooBooked、lineBooked、googleCompleted、metaCompleted、yahooCompleted、lineCompleted のいずれかです',
    });
  });
});
