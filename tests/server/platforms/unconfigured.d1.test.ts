// A Worker without the ad platforms' configuration (wrangler dev, a brand not yet onboarded) on a
// real local D1: a lead with every click id, agreeing to the provision, then booked and completed,
// reaches no platform. No request leaves for one, and each platform channel reads 設定なし, its
// lead's and its stages' alike, so staff see why nothing was sent.
import { channelNamed, leadChannels } from '../../../server/delivery/channels';
import { deliveryText } from '../../../server/staff/leadsCsv';
import { validRequest } from '../../factories/estimate';
import { workerOnD1 } from '../worker';

const secret = 'staff-secret-for-tests-0123456789abcdef';
const worker = workerOnD1({ start: '2026-11-25T01:00:00.000Z', env: { STAFF_SECRET: secret } });

function post(path: string, body: unknown, headers: Record<string, string>) {
  return worker.fetch(path, {
    brand: 'yamada',
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('a Worker without the ad platforms’ configuration', () => {
  it('sends no lead and no stage to any platform, and says so for each', async () => {
    const outbound: string[] = [];
    const original = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      outbound.push(new Request(input).url);
      return original(input, init);
    });
    const clicked = {
      ...validRequest('yamada', {
        tracking: { source: 'google', gaid: 'g', yclid: 'YJAD.1.y', fbclid: 'f', ldtag_cl: 'l' },
      }),
      adConsent: true,
    };
    const created = await post('/api/estimates', clicked, { 'Idempotency-Key': 'lead' });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await worker.deliver();
    const staff = { Authorization: `Bearer ${secret}` };
    const stages = [
      { stage: 'booked', bookedFor: '2026-12-19T10:00', shop: '本店' },
      { stage: 'completed', amount: 54321 },
    ];
    for (const [index, stage] of stages.entries()) {
      const answer = await post(`/api/staff/leads/${id}/stages`, stage, {
        ...staff,
        'Idempotency-Key': `stage-${index}`,
      });
      expect(answer.status).toBe(201);
      await worker.deliver();
    }

    const platformChannels = leadChannels.filter((channel) => channel.platform);
    expect(platformChannels).toHaveLength(15);
    const deliveries = (await worker.leads.get(id))?.deliveries ?? [];
    const platformStates = deliveries
      .filter((delivery) => channelNamed(delivery.channel)?.platform)
      .map((delivery) => [delivery.channel, deliveryText(delivery)]);
    expect(platformStates.sort()).toEqual(
      platformChannels.map((channel) => [channel.name, '設定なし']).sort(),
    );
    expect(outbound).toEqual([]);
    // The queue ran: the visitor's 受付確認 and 予約確定 mails went out.
    expect(worker.mails.map((mail) => mail.headers['X-Lead-Id'])).toEqual([id, id]);
  });
});
