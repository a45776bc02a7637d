// The booking's contract on the Worker over a real local D1 (issue: a visitor books a real slot):
// the nearest shops, the slots and what is left of them, and the hold stored in the same write
// as the lead — never more holds than seats, nothing stored when the slot was taken.
import { shopLists } from '../../../src/content/companies';
import { validRequest } from '../../factories/estimate';
import { book, tuesday, worker } from './bookingWorker';

beforeEach(() => worker.reset());

type SlotList = { shop: string; slots: { start: string; remaining: number }[] };

async function slots(shop: string, from: string, days: number, brand = 'carsupport' as const) {
  const response = await worker.fetch(`/api/slots?shop=${shop}&from=${from}&days=${days}`, {
    brand,
  });
  return { status: response.status, body: (await response.json()) as SlotList };
}

describe('GET /api/shops', () => {
  it('lists the same city first, then the prefecture, then the rest', async () => {
    const near = async (postalCode: string, brand: 'carsupport' | 'yamada') => {
      const response = await worker.fetch(`/api/shops?postalCode=${postalCode}`, { brand });
      const body = (await response.json()) as { shops: { id: string; example: boolean }[] };
      return body.shops.map((shop) => shop.id);
    };
    expect(await near('150-0001', 'carsupport')).toEqual(['shibuya', 'setagaya', 'yokohama']);
    expect(await near('2200012', 'carsupport')).toEqual(['yokohama', 'setagaya', 'shibuya']);
    expect(await near('1540002', 'carsupport')).toEqual(['setagaya', 'shibuya', 'yokohama']);
    expect((await near('5300002', 'yamada'))[0]).toBe('umeda');
  });

  it('gives each shop its facts and marks the examples', async () => {
    const response = await worker.fetch('/api/shops?postalCode=1500001');
    const { shops } = (await response.json()) as { shops: Record<string, unknown>[] };
    expect(shops[0]).toEqual({
      id: 'shibuya',
      name: '渋谷店',
      address: '東京都渋谷区神宮前1丁目',
      postalCode: '1500001',
      phone: '0120-104-631',
      mapUrl: expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/search\//),
      example: true,
    });
  });

  it('refuses a malformed postal code in Japanese', async () => {
    const response = await worker.fetch('/api/shops?postalCode=12-34');
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: { postalCode: expect.stringContaining('7桁') },
    });
  });
});

describe('GET /api/slots', () => {
  it('lists every opening slot, none on closed weekdays or holidays, none bookable too soon', async () => {
    const { status, body } = await slots('shibuya', '2026-11-21', 4);
    expect(status).toBe(200);
    expect(body.shop).toBe('shibuya');
    const days = [...new Set(body.slots.map((slot) => slot.start.slice(0, 10)))];
    // Sat 21 (too soon: listed, nothing left), Sun 22 closed, Mon 23 勤労感謝の日, Tue 24 open.
    expect(days).toEqual(['2026-11-21', '2026-11-24']);
    expect(body.slots.filter((slot) => slot.start.startsWith('2026-11-21'))).toEqual(
      expect.arrayContaining([{ start: '2026-11-21T09:30:00+09:00', remaining: 0 }]),
    );
    expect(body.slots).toContainEqual({ start: tuesday, remaining: 2 });
    // Saturday closes at 17:00: its 16:30 slot is offered, as the hours allow.
    expect(body.slots.filter((slot) => slot.start.startsWith('2026-11-21'))).toHaveLength(5);
  });

  it('refuses an unknown shop and a bad range with 422', async () => {
    expect((await slots('nowhere', '2026-11-21', 7)).status).toBe(422);
    expect((await slots('shibuya', '2026-02-30', 7)).status).toBe(422);
    expect((await slots('shibuya', '2026-11-21', 32)).status).toBe(422);
    expect((await slots('shibuya', '2026-11-21', 0)).status).toBe(422);
  });
});

describe('POST /api/estimates with a booking', () => {
  it('holds the slot with the lead: 201 with the booking, one seat fewer', async () => {
    const response = await book(tuesday);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; booking: Record<string, string> };
    expect(body.booking).toEqual({
      state: 'held',
      shop: 'shibuya',
      start: tuesday,
      manageUrl: expect.stringMatching(/^http:\/\/localhost:4173\/booking\/[A-Za-z0-9_-]{43}$/),
    });
    const [lead] = await worker.stored('carsupport');
    expect(lead?.booking).toMatchObject({ shop: 'shibuya', start: tuesday, state: 'held' });
    expect((await slots('shibuya', '2026-11-24', 1)).body.slots).toContainEqual({
      start: tuesday,
      remaining: 1,
    });
  });

  it('books on yamada’s host from yamada’s own shops, and refuses another brand’s shop', async () => {
    const body = (shop: string, start: string) => ({
      ...validRequest('yamada', { customer: { email: `${shop}@example.com` } }),
      booking: { shop, start },
    });
    const post = (shop: string, start: string, key: string) =>
      worker.fetch('/api/estimates', {
        brand: 'yamada',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify(body(shop, start)),
      });
    // 高崎店 opens on 勤労感謝の日 and confirms at once.
    const answer = await post('takasaki', '2026-11-23T10:00:00+09:00', 'y1');
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({
      booking: {
        state: 'confirmed',
        manageUrl: expect.stringMatching(/^http:\/\/yamada-shaken\.localhost:4173\/booking\//),
      },
    });
    expect((await post('shibuya', tuesday, 'y2')).status).toBe(422);
  });

  it('confirms at once where the shop says so', async () => {
    const response = await book('2026-11-24T11:00:00+09:00', 'setagaya');
    expect(((await response.json()) as { booking: { state: string } }).booking.state).toBe(
      'confirmed',
    );
  });

  it('holds exactly N of N + 3 parallel posts on a slot with N left; the others store nothing', async () => {
    const seats = shopLists.carsupport.find((shop) => shop.id === 'shibuya')!.capacity;
    const answers = await Promise.all(Array.from({ length: seats + 3 }, () => book(tuesday)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(seats).fill(201), ...Array(3).fill(409)]);
    const refused = answers.find((answer) => answer.status === 409)!;
    const body = (await refused.json()) as {
      error: string;
      message: string;
      alternatives: unknown[];
    };
    expect(body.error).toBe('slot_taken');
    expect(body.message).toMatch(/満席/);
    expect(body.alternatives.length).toBeGreaterThan(0);
    expect(body.alternatives).not.toContainEqual(expect.objectContaining({ start: tuesday }));
    expect(await worker.stored('carsupport')).toHaveLength(seats);
  });

  it('refuses a slot that does not exist, is too soon or is closed: 422 on booking', async () => {
    const refused = async (start: string) => {
      const response = await book(start);
      expect(response.status).toBe(422);
      return ((await response.json()) as { errors: { booking: string } }).errors.booking;
    };
    expect(await refused('2026-11-24T10:00:00+09:00')).toMatch(/受け付けていません/);
    expect(await refused('2026-11-23T09:30:00+09:00')).toMatch(/受け付けていません/);
    expect(await refused('2026-11-21T09:30:00+09:00')).toMatch(/もう予約できません/);
    await worker.bookings.close('carsupport', 'shibuya', {
      day: '2026-11-24',
      start: '',
      at: worker.clock.now.toISOString(),
      actor: 'test',
    });
    expect(await refused(tuesday)).toMatch(/受付を停止/);
    expect(await worker.stored('carsupport')).toHaveLength(0);
  });
});
