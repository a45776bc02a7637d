// The booking's mails through the Worker's queue (issue: a visitor books a real slot): 仮予約 or
// 予約確定 at once with where, when, what to bring, how long and the manage link; the shop's notice
// says 仮予約 with the slot; staff's 予約確定 of the held slot keeps it and sends the .ics with the
// address, an end, an alarm the day before and a SEQUENCE that only grows.
import { booked, remaining, staffSecret, tuesday, worker } from './bookingWorker';

beforeEach(() => worker.reset());

const staffSecretHeader = { Authorization: `Bearer ${staffSecret}` };

function stage(id: string, body: Record<string, unknown>, key: string) {
  return worker.fetch(`/api/staff/leads/${id}/stages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...staffSecretHeader },
    body: JSON.stringify(body),
  });
}

const mailsOf = (kind: string) =>
  worker.mails.filter((mail) => mail.headers['X-Lead-Mail'] === kind);

function icsOf(kind: string): string {
  const [mail] = mailsOf(kind).slice(-1);
  return mail?.attachments?.[0]?.content ?? '';
}

describe('the mails of a booking made online', () => {
  it('sends the visitor a 仮予約 mail with the shop, the slot and the manage link, and the shop a 仮予約 notice', async () => {
    const { id, booking } = await booked(tuesday);
    await worker.deliver();
    const [visitor] = mailsOf('booking');
    expect(visitor?.subject).toBe(
      '【カーサポート車検】仮予約を受け付けました（2026年11月24日（火）9:30 【見本の店舗】渋谷店）',
    );
    for (const line of [
      '状態: 仮予約（確定前）',
      '入庫日時: 2026年11月24日（火）9:30〜11:00',
      '住所: 〒150-0001 東京都渋谷区神宮前1丁目',
      '地図: https://www.google.com/maps/search/?api=1&query=',
      '電話: 0120-104-631',
      '・自動車検査証（車検証）',
      '約1時間30分',
      booking.manageUrl,
      '2026年11月23日（月）18:00まで、このページから日時の変更・キャンセルができます。',
      '※ この店舗は公開前の見本です。',
    ]) {
      expect(visitor?.text).toContain(line);
    }
    expect(visitor?.attachments).toBeUndefined();
    expect(mailsOf('receipt')).toHaveLength(0);
    const [shop] = mailsOf('shop-notice');
    expect(shop?.subject).toBe(
      `【仮予約】お見積もり依頼 受付番号 ${id} N-BOX 入庫 2026年11月24日（火）9:30 【見本の店舗】渋谷店`,
    );
    expect(shop?.text).toContain(
      `状態: 仮予約（予約確定の操作をお願いします）\n入庫日時: 2026年11月24日（火）9:30`,
    );
    expect(shop?.text).toContain(`受付番号: ${id}`);
  });

  it('confirms at once where the shop does, with the calendar file', async () => {
    await booked('2026-11-24T11:00:00+09:00', 'setagaya');
    await worker.deliver();
    const [visitor] = mailsOf('booking');
    expect(visitor?.subject).toMatch(/^【カーサポート車検】車検のご予約が確定しました/);
    const ics = icsOf('booking');
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('DTSTART:20261124T020000Z');
    expect(ics).toContain('DTEND:20261124T033000Z');
    expect(ics).toContain('LOCATION:〒154-0001 東京都世田谷区池尻1丁目');
    expect(ics).toMatch(/BEGIN:VALARM[\s\S]*TRIGGER:-P1D[\s\S]*END:VALARM/);
    expect(ics).toContain('SEQUENCE:0');
  });
});

describe('staff and the held slot', () => {
  it('confirms the held slot from the lead: the same seat, a 予約確定 mail whose SEQUENCE grew', async () => {
    const { id } = await booked(tuesday);
    await worker.deliver();
    const answer = await stage(
      id,
      { stage: 'booked', bookedFor: '2026-11-24T09:30', shop: '渋谷店' },
      'k1',
    );
    expect(answer.status).toBe(201);
    await worker.deliver();
    const [lead] = await worker.stored('carsupport');
    expect(lead?.booking).toMatchObject({ state: 'confirmed', start: tuesday });
    expect(lead?.booking?.sequence).toBeGreaterThan(0);
    expect(await remaining(tuesday)).toBe(1);
    const ics = icsOf('booking');
    expect(mailsOf('booking').at(-1)?.subject).toMatch(/車検のご予約が確定しました/);
    expect(ics).toContain(`SEQUENCE:${lead?.booking?.sequence}`);
    expect(ics).toContain('LOCATION:〒150-0001 東京都渋谷区神宮前1丁目');
  });

  it('frees the slot when staff book another time, and when the lead is lost', async () => {
    const first = await booked(tuesday);
    await stage(first.id, { stage: 'booked', bookedFor: '2026-11-26T10:00', shop: '渋谷店' }, 'k1');
    expect(await remaining(tuesday)).toBe(2);
    const second = await booked(tuesday);
    expect(await remaining(tuesday)).toBe(1);
    await stage(second.id, { stage: 'lost', reason: '他社で決定' }, 'k2');
    expect(await remaining(tuesday)).toBe(2);
    const leads = await worker.stored('carsupport');
    expect(leads.map((lead) => lead.booking?.state)).toEqual(['cancelled', 'cancelled']);
  });
});
