// The visitor's manage page (/booking/<token>) on the Worker over D1, as a browser without
// JavaScript uses it: the booking shown, a change to another free slot or a cancel until the
// shop's cut-off (each mailed, the slot freed at once, a cancel recorded as 失注), the shop's phone
// after it, nothing for a wrong or expired link.
import { managePath } from '../../../server/booking/paths';
import { visitorCancelReason } from '../../../server/booking/manage';
import { booked, page, postForm, remaining, tuesday, words, worker } from './bookingWorker';

beforeEach(() => worker.reset());

const later = '2026-11-26T13:30:00+09:00';

async function managed() {
  const made = await booked(tuesday);
  const path = new URL(made.booking.manageUrl).pathname;
  await worker.deliver();
  worker.mails.splice(0);
  return { ...made, path };
}

describe('the manage page', () => {
  it('shows the booking, the shop and the free slots, and keeps the token to itself', async () => {
    const { id, path } = await managed();
    const answer = await worker.fetch(path);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('referrer-policy')).toBe('same-origin');
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const document = await page(answer);
    const text = words(document);
    for (const line of [
      `受付番号: ${id}`,
      '状態: 仮予約（店舗の確認待ち）',
      '日時: 11月24日（火）9:30',
      '【見本の店舗】渋谷店',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(
      '2026年11月23日（月）18:00まで、このページから変更・キャンセルができます。',
    );
    expect(document.querySelector(`input[name=bookingStart][value="${later}"]`)).not.toBeNull();
    expect(document.querySelector(`input[value="${tuesday}"]`)).toBeNull();
    expect(text).not.toContain('山田');
  });

  it('moves the booking to a free slot: the old seat freed, the visitor and the shop mailed', async () => {
    const { path } = await managed();
    const answer = await postForm(`${path}/change`, { bookingStart: later });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`${path}?done=changed`);
    expect(await remaining(tuesday)).toBe(2);
    expect(await remaining(later)).toBe(1);
    await worker.deliver();
    const kinds = worker.mails.map((mail) => mail.headers['X-Lead-Mail']).sort();
    expect(kinds).toEqual(['booking-changed', 'shop-booking-changed']);
    const visitor = worker.mails.find((mail) => mail.headers['X-Lead-Mail'] === 'booking-changed');
    expect(visitor?.subject).toContain('ご予約の日時を変更しました（2026年11月26日（木）13:30');
    const shown = words(await page(await worker.fetch(`${path}?done=changed`)));
    expect(shown).toContain('ご予約の日時を変更しました。');
    expect(shown).toContain('日時: 11月26日（木）13:30');
  });

  it('refuses a slot taken meanwhile and lists the free ones again', async () => {
    const { id, path } = await managed();
    await booked(later);
    await booked(later);
    const answer = await postForm(`${path}/change`, { bookingStart: later });
    expect(answer.status).toBe(409);
    const document = await page(answer);
    expect(words(document.querySelector('[role=alert]'))).toMatch(/満席/);
    expect(document.querySelector(`input[value="${later}"]`)).toBeNull();
    expect((await worker.leads.get(id))?.booking?.start).toBe(tuesday);
  });

  it('cancels: the slot free at once, 失注 (お客様によるキャンセル), a cancelling .ics', async () => {
    const { id, path } = await managed();
    expect((await postForm(`${path}/cancel`, {})).status).toBe(422);
    const answer = await postForm(`${path}/cancel`, { confirm: 'yes' });
    expect(answer.status).toBe(303);
    expect(await remaining(tuesday)).toBe(2);
    const lead = await worker.staff.lead('carsupport', id);
    expect(lead?.stage).toMatchObject({ stage: 'lost' });
    expect(lead?.history.at(-1)?.reason).toBe(visitorCancelReason);
    await worker.deliver();
    const visitor = worker.mails.find(
      (mail) => mail.headers['X-Lead-Mail'] === 'booking-cancelled',
    );
    expect(visitor?.attachments?.[0]?.content).toMatch(/METHOD:CANCEL[\s\S]*STATUS:CANCELLED/);
    expect(visitor?.attachments?.[0]?.content).toContain('SEQUENCE:1');
    const shown = words(await page(await worker.fetch(path)));
    expect(shown).toContain('状態: キャンセル済み');
  });

  it('after the cut-off gives the shop’s phone and refuses changes', async () => {
    const { id, path } = await managed();
    worker.clock.now = new Date('2026-11-23T09:00:00.000Z');
    const document = await page(await worker.fetch(path));
    expect(words(document)).toContain('締め切りました');
    expect(document.querySelector('a[href="tel:0120104631"]')).not.toBeNull();
    expect(document.querySelector('form[action$="/change"], form[action$="/cancel"]')).toBeNull();
    expect((await postForm(`${path}/cancel`, { confirm: 'yes' })).status).toBe(409);
    expect((await worker.leads.get(id))?.booking?.state).toBe('held');
  });

  it('answers nothing for a wrong or expired link, and refuses a post from elsewhere', async () => {
    const { path } = await managed();
    expect((await worker.fetch(managePath('x'.repeat(43)))).status).toBe(404);
    expect((await worker.fetch(managePath('short'))).status).toBe(404);
    expect((await worker.fetch(path, { brand: 'yamada' })).status).toBe(404);
    const foreign = await postForm(
      `${path}/cancel`,
      { confirm: 'yes' },
      { Origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    worker.clock.now = new Date('2026-11-24T15:00:00.000Z');
    const expired = await worker.fetch(path);
    expect(expired.status).toBe(410);
    expect(await expired.text()).not.toContain('渋谷店');
  });
});
