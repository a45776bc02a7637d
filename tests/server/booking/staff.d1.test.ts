// The staff's side of bookings on D1: the calendar of a shop's week (seats, 仮予約, 予約確定 linking
// their leads, closures), closing and reopening a slot or a day, the lead page's one-click 予約確定,
// and the 新規 alert that takes in a 仮予約 no one confirmed in time.
import { newLeadAlert } from '../../../server/jobs/newLeadAlert';
import { staffLeadPath } from '../../../server/site/paths';
import {
  book,
  booked,
  page,
  postForm,
  remaining,
  staffCookie,
  tuesday,
  words,
  worker,
} from './bookingWorker';

beforeEach(() => worker.reset());

const calendar = '/staff/calendar?shop=shibuya&week=2026-11-24';

describe('the staff calendar', () => {
  it('shows a shop’s week: each slot’s seats, its holds and bookings linked to their leads, closed days', async () => {
    const held = await booked(tuesday);
    const cookie = await staffCookie();
    const answer = await worker.fetch(calendar, { headers: cookie });
    expect(answer.status).toBe(200);
    const document = await page(answer);
    const rows = [...document.querySelectorAll('tr')].map((row) => words(row));
    expect(rows[0]).toMatch(/^11月23日（月）.*祝日のため休業/);
    const cells = [...document.querySelectorAll('td')].map((cell) => words(cell));
    expect(cells).toContainEqual(expect.stringMatching(/^9:30 残り1／定員2 ?仮予約 山田 花子/));
    expect(cells).toContainEqual(expect.stringMatching(/^11:00 残り2／定員2/));
    expect(rows.find((row) => row.startsWith('11月25日（水）'))).toContain('定休日');
    expect(document.querySelector(`a[href="${staffLeadPath(held.id)}"]`)).not.toBeNull();
    const audit = await worker.staff.auditLog('carsupport', 5);
    expect(audit[0]).toMatchObject({ action: 'calendar', target: 'shibuya 2026-11-23' });
  });

  it('closes and reopens a slot and a whole day: the slots API and the form follow at once', async () => {
    const cookie = await staffCookie();
    const close = (start: string, action = 'close') =>
      postForm(
        '/staff/calendar/closures',
        { shop: 'shibuya', day: '2026-11-24', start, action },
        cookie,
      );
    expect((await close(tuesday)).status).toBe(303);
    expect(await remaining(tuesday)).toBe(0);
    expect(await remaining('2026-11-24T11:00:00+09:00')).toBe(2);
    expect((await book(tuesday)).status).toBe(422);
    await close(tuesday, 'reopen');
    expect(await remaining(tuesday)).toBe(2);
    await close('');
    expect(await remaining('2026-11-24T16:30:00+09:00')).toBe(0);
    const document = await page(await worker.fetch(calendar, { headers: cookie }));
    expect(words(document)).toContain('この日を再開');
    expect((await close('2026-11-24T10:00:00+09:00')).status).toBe(422);
  });

  it('needs a signed-in member of staff', async () => {
    const answer = await worker.fetch(calendar);
    expect(answer.status).not.toBe(200);
    expect(await answer.text()).not.toContain('仮予約');
  });
});

describe('the lead page and the 新規 alert', () => {
  it('confirms the held slot in one click from the lead page', async () => {
    const { id } = await booked(tuesday);
    const cookie = await staffCookie();
    const document = await page(await worker.fetch(staffLeadPath(id), { headers: cookie }));
    const state = [...document.querySelectorAll('th')].find((th) => words(th) === '状態');
    expect(words(state?.nextElementSibling)).toBe('仮予約（未確認）');
    const form = document.querySelector('input[type=hidden][name=stage]')?.closest('form');
    const fields = Object.fromEntries(
      [...(form?.querySelectorAll('input') ?? [])].map((input) => [input.name, input.value]),
    );
    expect(fields).toMatchObject({
      stage: 'booked',
      bookedFor: '2026-11-24T09:30',
      shop: '渋谷店',
    });
    const answer = await postForm(`${staffLeadPath(id)}/stages`, fields, cookie);
    expect(answer.status).toBe(303);
    expect((await worker.leads.get(id))?.booking?.state).toBe('confirmed');
    expect(await remaining(tuesday)).toBe(1);
  });

  it('alerts ops once of a 仮予約 not confirmed within its shop’s time', async () => {
    const stale = await booked(tuesday);
    worker.clock.advance(3 * 3600_000);
    const fresh = await booked(tuesday);
    const sent: { subject: string; text: string }[] = [];
    const env = {
      DB: worker.d1.db,
      BRAND: 'carsupport',
      OPS_MAIL_TO: 'ops@example.com',
      NEW_LEAD_ALERT_HOURS: '100',
      EMAIL: { send: (message: never) => Promise.resolve(void sent.push(message)) },
    };
    const now = new Date(worker.clock.now.getTime() + 1.5 * 3600_000);
    await newLeadAlert(env as never, now);
    await newLeadAlert(env as never, now);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('【カーサポート車検】確認されていない仮予約が1件あります');
    expect(sent[0]?.text).toContain(`受付番号 ${stale.id}`);
    expect(sent[0]?.text).not.toContain(fresh.id);
  });
});
