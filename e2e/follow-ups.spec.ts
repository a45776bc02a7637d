// Booking, reminders and the 次回車検のご案内 through npm start's server, both brands: a slot booked
// online and confirmed, its two reminders when the dev router runs the Cron at their times
// (/__dev/cron, never deployed), and a consenting customer's 60 days' 案内, then none after a
// one-click unsubscribe. Each rule is tested on D1 (tests/server/booking, tests/server/reminders);
// this holds the path through the local runtime, its queue and its kept mails.
import { validRequest } from '../tests/factories/estimate';
import { uniqueEmail } from './estimateForm';
import { brandList, expect, hostFor, leadServer, mailDir, port, test } from './fixtures';
import { keptMails } from './keptMail';
import { rawCall } from './leadRecords';

const dayMs = 24 * 3600_000;

/** 10:00 in Japan, `daysBefore` days before `day` (YYYY-MM-DD), in epoch ms. */
const tenOClock = (day: string, daysBefore: number) =>
  Date.parse(`${day}T10:00:00+09:00`) - daysBefore * dayMs;

async function cronAt(time: number) {
  const answer = await rawCall(port, hostFor('carsupport'), { path: `/__dev/cron?time=${time}` });
  expect(answer.status, answer.body).toBe(200);
}

async function kinds(id: string, atLeast: number): Promise<string[]> {
  await expect
    .poll(async () => (await keptMails(mailDir, id)).length)
    .toBeGreaterThanOrEqual(atLeast);
  return (await keptMails(mailDir, id)).map((mail) => mail.kind);
}

type Init = { method?: string; body?: unknown; headers?: Record<string, string> };

for (const [index, brand] of brandList.entries()) {
  // /__dev/cron runs every brand's Cron, every job: each brand's 案内 apart from the other's, and
  // within the retention period of the leads of this run (a later Cron would erase them).
  const nextExpiry = ['2029-04-30', '2028-10-31'][index % 2]!;
  test(`${brand.id}: a booking is reminded, and a consenting customer's 案内 stops at one click`, async () => {
    const host = hostFor(brand.id);
    const call = (path: string, init: Init = {}) =>
      rawCall(port, host, {
        path,
        method: init.method ?? 'GET',
        headers: { 'Content-Type': 'application/json', Origin: `http://${host}`, ...init.headers },
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      });
    const staff = { Authorization: `Bearer ${leadServer.staffSecret}` };
    const stage = async (id: string, body: unknown, key: string) => {
      const answer = await call(`/api/staff/leads/${id}/stages`, {
        method: 'POST',
        body,
        headers: { ...staff, 'Idempotency-Key': key },
      });
      expect(answer.status, answer.body).toBe(201);
    };

    // The nearest shop's first free slot at least five days ahead.
    const { shops } = JSON.parse((await call('/api/shops')).body) as {
      shops: { id: string; name: string }[];
    };
    const shop = shops[0]!;
    const from = new Date(Date.now() + 5 * dayMs).toISOString().slice(0, 10);
    const { slots } = JSON.parse(
      (await call(`/api/slots?shop=${shop.id}&from=${from}&days=14`)).body,
    ) as { slots: { start: string; remaining: number }[] };
    const start = slots.find((slot) => slot.remaining > 0)!.start;
    const body = {
      ...validRequest(brand.id, { customer: { email: uniqueEmail(`${brand.id}-follow`) } }),
      reminderConsent: true,
      booking: { shop: shop.id, start },
    };
    const posted = await call('/api/estimates', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(posted.status, posted.body).toBe(201);
    const { id, booking } = JSON.parse(posted.body) as { id: string; booking: { state: string } };
    if (booking.state === 'held') {
      // Its shop confirms by staff: 予約確定 of that very slot, as the lead page's button does.
      await stage(id, { stage: 'booked', bookedFor: start.slice(0, 16), shop: shop.name }, 'book');
    }
    await kinds(id, 2);

    // /__dev/cron runs every brand's Cron: the other brand's run may send these first.
    await cronAt(tenOClock(start.slice(0, 10), 3));
    await cronAt(tenOClock(start.slice(0, 10), 1));
    const reminders = async () =>
      (await kinds(id, 1)).filter((kind) => kind.startsWith('reminder-')).sort();
    await expect.poll(reminders).toEqual(['reminder-1-day', 'reminder-3-days']);

    await stage(id, { stage: 'completed', amount: 54321, nextExpiry }, 'done');
    await cronAt(tenOClock(nextExpiry, 60));
    await expect.poll(async () => (await kinds(id, 1)).includes('guide-60-days')).toBe(true);
    const guide = (await keptMails(mailDir, id)).find((mail) => mail.kind === 'guide-60-days')!;
    const header = (name: string) =>
      guide.parsed.headerLines.find((line) => line.key === name)?.line.replace(/\s+/g, ' ') ?? '';
    expect(header('list-unsubscribe-post')).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    );
    const unsubscribe = /<http:\/\/[^/]+(\/guide\/[^>]+)>/.exec(header('list-unsubscribe'))?.[1];
    // A mail program's one click: a POST from nowhere, with RFC 8058's body.
    const stopped = await rawCall(port, host, {
      method: 'POST',
      path: unsubscribe!,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    await cronAt(tenOClock(nextExpiry, 30));
    // /__dev/cron answers once the Cron has run: a 案内 it queued would already be a delivery.
    const lead = JSON.parse((await call(`/api/staff/leads/${id}`, { headers: staff })).body) as {
      deliveries: { channel: string }[];
    };
    const channels = lead.deliveries.map((row) => row.channel);
    expect(channels).toContain('guide60Days');
    expect(channels).not.toContain('guide30Days');
  });
}
