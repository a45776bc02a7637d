// The reminders before a 予約確定's day on the Worker over D1, the Cron's clock set by each test:
// the 3 days' one from 10:00 three days before, the day before's from 10:00 that day, each once;
// none for a 仮予約, after a cancel, or past the start; a move gets its own; 来店なし mails the
// shop's next free slots and the funnel counts it.
import { sendFollowUps } from '../../../server/reminders/jobs';
import type { Env } from '../../../server/env';
import { book, postForm, staffSecret, worker } from '../booking/bookingWorker';

// Tue 2027-06-01 10:00 in Japan; 世田谷店 confirms at once, 渋谷店 holds (仮予約).
const start = '2027-06-01T01:00:00.000Z';
const thursday = '2027-06-10T11:00:00+09:00';

beforeEach(async () => {
  await worker.reset();
  worker.clock.now = new Date(start);
});

/** The Cron at `tokyo` (Japan's clock), then the queue delivered. */
async function cronAt(tokyo: string) {
  await sendFollowUps(worker.env as Env, new Date(`${tokyo}+09:00`));
  await worker.deliver();
}

const sent = (kind: string) => worker.mails.filter((mail) => mail.headers['X-Lead-Mail'] === kind);

async function bookedAt(startAt: string, shop = 'setagaya') {
  const response = await book(startAt, shop);
  expect(response.status).toBe(201);
  const body = (await response.json()) as { id: string; booking: { manageUrl: string } };
  await worker.deliver();
  return { id: body.id, path: new URL(body.booking.manageUrl).pathname };
}

describe('the reminders of a 予約確定', () => {
  it('sends each from 10:00 of its day, once, with what the visitor needs', async () => {
    const { id, path } = await bookedAt(thursday);
    await cronAt('2027-06-07T09:59:00');
    expect(sent('reminder-3-days')).toHaveLength(0);
    await cronAt('2027-06-07T10:00:00');
    await cronAt('2027-06-07T10:10:00');
    const [three] = sent('reminder-3-days');
    expect(sent('reminder-3-days')).toHaveLength(1);
    expect(three?.headers['X-Lead-Id']).toBe(id);
    expect(three?.subject).toContain('ご来店の3日前のご案内');
    expect(three?.text).toContain('・自動車検査証（車検証）');
    expect(three?.text).toContain(path);
    await cronAt('2027-06-09T09:50:00');
    expect(sent('reminder-1-day')).toHaveLength(0);
    await cronAt('2027-06-09T10:00:00');
    const [one] = sent('reminder-1-day');
    expect(one?.subject).toContain('明日はご来店の日です');
    for (const line of [
      '入庫日時: 2027年6月10日（木）11:00',
      '住所: 〒154-0001',
      '地図: https://',
      '電話: 0120-104-631',
    ]) {
      expect(one?.text).toContain(line);
    }
    await cronAt('2027-06-10T12:00:00');
    expect(
      worker.mails.filter((mail) => /reminder/.test(mail.headers['X-Lead-Mail'] ?? '')),
    ).toHaveLength(2);
    const lead = await worker.staff.lead('carsupport', id);
    expect(lead?.deliveries?.find((row) => row.channel === 'reminder3Days')?.state).toBe('sent');
  });

  it('sends none for a 仮予約 nor after a cancel', async () => {
    await bookedAt(thursday, 'shibuya');
    const cancelled = await bookedAt('2027-06-10T13:30:00+09:00');
    await postForm(`${cancelled.path}/cancel`, { confirm: 'yes' });
    await cronAt('2027-06-07T10:00:00');
    await cronAt('2027-06-09T10:00:00');
    expect(
      worker.mails.filter((mail) => /reminder/.test(mail.headers['X-Lead-Mail'] ?? '')),
    ).toHaveLength(0);
  });

  it('gives a moved booking its own reminders, and a late booking the ones still ahead at once', async () => {
    const { path } = await bookedAt(thursday);
    await cronAt('2027-06-07T10:00:00');
    worker.clock.now = new Date('2027-06-07T02:00:00.000Z');
    expect(
      (await postForm(`${path}/change`, { bookingStart: '2027-06-11T11:00:00+09:00' })).status,
    ).toBe(303);
    await cronAt('2027-06-08T10:00:00');
    expect(sent('reminder-3-days').map((mail) => mail.text.includes('2027年6月11日'))).toEqual([
      false,
      true,
    ]);
    // Booked on the 9th for the 10th: the day before's reminder at once, not the 3 days' one.
    worker.clock.now = new Date('2027-06-07T03:00:00.000Z');
    const late = await bookedAt('2027-06-10T15:00:00+09:00');
    await cronAt('2027-06-09T15:00:00');
    expect(sent('reminder-1-day').map((mail) => mail.headers['X-Lead-Id'])).toContain(late.id);
    expect(sent('reminder-3-days').map((mail) => mail.headers['X-Lead-Id'])).not.toContain(late.id);
  });
});

describe('来店なし', () => {
  it('mails the visitor the shop’s next free slots once, and the funnel counts it beside 失注', async () => {
    const { id } = await bookedAt(thursday);
    const stage = (key: string) =>
      worker.fetch(`/api/staff/leads/${id}/stages`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
          Authorization: `Bearer ${staffSecret}`,
        },
        body: JSON.stringify({ stage: 'noShow' }),
      });
    expect((await stage('n1')).status).toBe(201);
    await stage('n2');
    await worker.deliver();
    const mails = sent('no-show');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('世田谷店の空き枠');
    expect(mails[0]?.text).toMatch(/・\d+月\d+日（.）\d+:\d\d/);
    const [row] = await worker.staff.funnel(
      'carsupport',
      '2027-01-01T00:00:00.000Z',
      '2028-01-01T00:00:00.000Z',
    );
    expect(row).toMatchObject({ leads: 1, booked: 1, noShow: 1, lost: 0 });
  });
});
