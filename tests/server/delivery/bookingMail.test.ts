// The visitor's 予約確定 mail (server/delivery/bookingMail.ts) and when a stage change sets it off
// (stageChannels, server/staff/stageChange.ts). The mail a stage change sends through the Worker's
// queue, with its calendar file: bookingMail.d1.test.ts.
import { bookingMail, bookingMailChannel } from '../../../server/delivery/bookingMail';
import type { StageChange } from '../../../server/staff/stages';
import { stageChannels } from '../../../server/staff/stageChange';
import type { StaffLead } from '../../../server/staff/store';
import { brands } from '../../../src/brand/brands';
import { mailSender } from '../../../src/brand/mail';
import { companies } from '../../../src/content/companies';
import { storedLead } from '../../factories/estimate';

const sender = mailSender(brands.yamada)!;
const booked = {
  stage: 'booked' as const,
  changedAt: '2026-11-25T01:00:00.000Z',
  progress: 2,
  bookedFor: '2026-12-19T10:00+09:00',
  shop: '渋谷店',
};

function change(overrides: Partial<StageChange> = {}): StageChange {
  return {
    seq: 1,
    leadId: 'x',
    stage: 'booked',
    at: '2026-11-25T01:00:00.000Z',
    actor: 'sato',
    progress: 2,
    bookedFor: '2026-12-19T10:00+09:00',
    shop: '渋谷店',
    ...overrides,
  };
}

function staffLead(history: StageChange[], overrides: Partial<StaffLead> = {}): StaffLead {
  return { ...storedLead(), stage: booked, history, ...overrides };
}

describe('the 予約確定 mail', () => {
  it('gives the booking in people’s formats, what to bring, how to change it, and a calendar file', () => {
    const message = bookingMail(storedLead({ stage: booked }), sender, companies.yamada)!;
    expect(message.to).toEqual(['hanako@example.com']);
    expect(message.subject).toBe(
      '【ヤマダ車検】車検のご予約が確定しました（2026年12月19日（土）10:00 渋谷店）',
    );
    expect(message.text).toContain('入庫日時: 2026年12月19日（土）10:00');
    expect(message.text).toContain('・自動車検査証（車検証）\n・自賠責保険証明書\n・納税証明書（');
    expect(message.text).toContain(
      `${brands.yamada.phone}（受付時間 ${companies.yamada.receptionHours}`,
    );
    expect(message.text).toContain('添付のカレンダーファイル（.ics）を開くと');
    expect(message.attachments).toEqual([
      expect.objectContaining({
        filename: 'shaken-booking.ics',
        type: 'text/calendar; charset=utf-8; method=PUBLISH',
      }),
    ]);
  });

  it('is decided only for a lead booked now, with an address', () => {
    expect(bookingMailChannel.decide(storedLead({ stage: booked }), {} as never)).toEqual({
      kind: 'send',
    });
    expect(
      bookingMailChannel.decide(
        storedLead({ stage: { ...booked, stage: 'excluded' } }),
        {} as never,
      ),
    ).toEqual({ kind: 'skip', reason: '対象外' });
    expect(bookingMailChannel.decide(storedLead(), {} as never)).toMatchObject({ kind: 'skip' });
  });
});

describe('the channels a stage change sets off', () => {
  // The ad platforms' stage channels are tested in stageConversions.test.ts.
  const mailOf = (...args: Parameters<typeof stageChannels>) =>
    stageChannels(...args).filter((name) => name === 'bookingMail');

  it('mail once per booking, and again when its date or shop changes', () => {
    expect(mailOf(staffLead([]), change())).toEqual(['bookingMail']);
    expect(mailOf(staffLead([change()]), change({ seq: 2 }))).toEqual([]);
    expect(mailOf(staffLead([change()]), change({ shop: '新宿店' }))).toEqual(['bookingMail']);
    expect(mailOf(staffLead([change()]), change({ bookedFor: '2026-12-20T10:00+09:00' }))).toEqual([
      'bookingMail',
    ]);
    expect(mailOf(staffLead([]), change({ stage: 'completed', amount: 1 }))).toEqual([]);
  });

  it('never mail a lead suspected of spam unless staff called it first', () => {
    expect(mailOf(staffLead([], { suspectedSpam: true }), change())).toEqual([]);
    const called = change({ stage: 'contacted', progress: 1 });
    expect(mailOf(staffLead([called], { suspectedSpam: true }), change())).toEqual(['bookingMail']);
  });

  it('mail a spam-suspected lead’s booking once called, though the same booking came before', () => {
    const called = change({ seq: 2, stage: 'contacted', progress: 1 });
    const lead = staffLead([change(), called], { suspectedSpam: true });
    expect(mailOf(lead, change({ seq: 3 }))).toEqual(['bookingMail']);
    const mailed = staffLead([change(), called, change({ seq: 3 })], { suspectedSpam: true });
    expect(mailOf(mailed, change({ seq: 4 }))).toEqual([]);
  });
});
