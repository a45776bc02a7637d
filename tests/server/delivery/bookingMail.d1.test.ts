// The 予約確定 mail a stage change sets off, on the Worker's app over a real local D1: stages
// recorded through the staff API, the queue run through the Worker's consumer, the mail read as
// the EMAIL binding got it, its calendar file (ical-generator's) read as a calendar app reads it.
import { newLead } from '../../factories/estimate';
import { workerOnD1 } from '../worker';

const secret = 'staff-secret-for-tests-0123456789abcdef';
const worker = workerOnD1({ start: '2026-11-25T01:00:00.000Z', env: { STAFF_SECRET: secret } });
const lead = newLead({ brand: 'yamada' });

beforeAll(async () => {
  await worker.leads.insert(lead, '');
});

function postStage(body: Record<string, string>, key: string) {
  return worker.fetch(`/api/staff/leads/${lead.id}/stages`, {
    brand: 'yamada',
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secret}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
}

/** The calendar's one event, its properties by name (RFC 5545: folded lines joined). */
function calendarEvent(ics: string): Record<string, string> {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT') + 1, lines.indexOf('END:VEVENT'));
  return Object.fromEntries(
    event.map((line) => {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0]!;
      return [name, line.slice(colon + 1)];
    }),
  );
}

function sentCalendar(index: number) {
  const [attachment] = worker.mails[index]?.attachments ?? [];
  expect(attachment?.type).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  return calendarEvent(attachment?.content ?? '');
}

describe('the 予約確定 mail a stage change sets off', () => {
  it('mails the visitor once for a booking recorded twice, and again, replacing it, when it changes', async () => {
    const booking = { stage: 'booked', bookedFor: '2026-12-19T10:00', shop: '渋谷店' };
    expect((await postStage(booking, 'a')).status).toBe(201);
    worker.clock.advance(60_000);
    expect((await postStage(booking, 'b')).status).toBe(201);
    await worker.deliver();

    expect(worker.mails).toHaveLength(1);
    expect(worker.mails[0]).toMatchObject({
      to: ['hanako@example.com'],
      subject: '【ヤマダ車検】車検のご予約が確定しました（2026年12月19日（土）10:00 渋谷店）',
    });
    const first = sentCalendar(0);
    expect(first).toMatchObject({
      DTSTART: '20261219T010000Z',
      LOCATION: '渋谷店',
      UID: `${lead.id}@yamada-shaken.com`,
    });
    expect(Number(first.SEQUENCE)).toBeGreaterThan(0);
    expect((await worker.staff.lead('yamada', lead.id))?.deliveries).toContainEqual(
      expect.objectContaining({ channel: 'bookingMail', state: 'sent' }),
    );

    // Moved a day later: the same event (UID), a higher SEQUENCE, so calendars replace it.
    worker.clock.advance(3600_000);
    await postStage({ ...booking, bookedFor: '2026-12-20T14:30' }, 'c');
    await worker.deliver();
    expect(worker.mails).toHaveLength(2);
    const moved = sentCalendar(1);
    expect(moved).toMatchObject({
      DTSTART: '20261220T053000Z',
      LOCATION: '渋谷店',
      UID: first.UID,
    });
    expect(Number(moved.SEQUENCE)).toBeGreaterThan(Number(first.SEQUENCE));

    // Moved again within the same second: its SEQUENCE still grows (a per-lead count, not a time).
    await postStage({ ...booking, bookedFor: '2026-12-21T09:00' }, 'd');
    await worker.deliver();
    expect(Number(sentCalendar(2).SEQUENCE)).toBeGreaterThan(Number(moved.SEQUENCE));
  });
});
