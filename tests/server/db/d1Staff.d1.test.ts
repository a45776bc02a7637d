// The staff's store on a real local D1 with every migration (server/db/staff.ts): stages
// appended and the lead's current stage moved in one step, once per key; the inbox's list and
// searches; the funnel; the audit.
import { newLeadAlert } from '../../../server/jobs/newLeadAlert';
import type { LeadQuery } from '../../../server/staff/store';
import { leadRequest, newLead } from '../../factories/estimate';
import { stageChange, staffStoresOnD1 } from '../d1';

const on = staffStoresOnD1();

describe('D1Staff on D1', () => {
  it('appends each change and moves the current stage, once per key, in its brand only', async () => {
    const lead = newLead();
    await on.leads.insert(lead, '');
    const booked = stageChange(lead.id, {
      stage: 'booked',
      bookedFor: '2026-12-19T10:00+09:00',
      shop: '本店',
      progress: 2,
      idempotencyKey: 'k1',
    });
    const first = await on.staff.recordStage('yamada', booked);
    expect(first).toMatchObject({ kind: 'recorded', created: true, change: { shop: '本店' } });
    expect(await on.staff.recordStage('yamada', booked)).toEqual({ ...first, created: false });
    expect(await on.staff.recordStage('yamada', { ...booked, requestHash: 'other' })).toEqual({
      kind: 'keyReused',
    });
    expect(await on.staff.recordStage('carsupport', { ...booked, idempotencyKey: 'k2' })).toEqual({
      kind: 'notFound',
    });
    await on.staff.recordStage(
      'yamada',
      stageChange(lead.id, { stage: 'completed', amount: 54321, progress: 3 }),
    );
    const read = await on.staff.lead('yamada', lead.id);
    expect(read?.history.map((entry) => entry.stage)).toEqual(['booked', 'completed']);
    expect(read?.stage).toMatchObject({ stage: 'completed', amount: 54321, progress: 3 });
    expect(await on.staff.lead('carsupport', lead.id)).toBeNull();
    const [row] = await on.staff.leads('yamada', { stage: 'completed', limit: 10 });
    expect(row).toMatchObject({ id: lead.id, name: '山田 花子', kana: 'ヤマダハナコ' });
  });

  it('lists newest first and finds by 受付番号, phone and the reading', async () => {
    const older = newLead({ receivedAt: '2026-11-24T01:00:00.000Z' });
    const newer = newLead({
      receivedAt: '2026-11-24T02:00:00.000Z',
      request: leadRequest('yamada', {
        customer: { lastNameKana: 'サトウ', phone: '03-1234-5678' },
      }),
    });
    await on.leads.insert(older, '');
    await on.leads.insert(newer, '');
    const ids = async (query: Omit<LeadQuery, 'limit'>) =>
      (await on.staff.leads('yamada', { ...query, limit: 10 })).map((lead) => lead.id);
    expect(await ids({})).toEqual([newer.id, older.id]);
    expect(await ids({ id: older.id })).toEqual([older.id]);
    expect(await ids({ phone: '0312345678' })).toEqual([newer.id]);
    expect(await ids({ kana: 'サト' })).toEqual([newer.id]);
    expect(await ids({ kana: 'ヤマダ' })).toEqual([older.id]);
    expect(await ids({ from: '2026-11-24T01:30:00.000Z' })).toEqual([newer.id]);
    expect(await on.staff.leads('carsupport', { limit: 10 })).toEqual([]);
  });

  it('counts the funnel by source and click platform, without 対象外, summing 完了', async () => {
    const google = () => leadRequest('yamada', { tracking: { source: 'google', gaid: 'g' } });
    const done = newLead({ request: google() });
    const called = newLead({ request: google() });
    const prank = newLead({ request: google() });
    const direct = newLead({ request: leadRequest('yamada', { tracking: {} }) });
    for (const lead of [done, called, prank, direct]) await on.leads.insert(lead, '');
    await on.staff.recordStage(
      'yamada',
      stageChange(done.id, { stage: 'completed', amount: 50000, progress: 3 }),
    );
    await on.staff.recordStage('yamada', stageChange(called.id));
    await on.staff.recordStage(
      'yamada',
      stageChange(prank.id, { stage: 'excluded', reason: 'いたずら', progress: 0 }),
    );
    const rows = await on.staff.funnel(
      'yamada',
      '2026-11-24T00:00:00.000Z',
      '2026-11-25T00:00:00.000Z',
    );
    expect(rows).toEqual([
      {
        source: 'google',
        medium: '',
        campaign: '',
        platform: 'google',
        leads: 2,
        contacted: 2,
        booked: 1,
        completed: 1,
        amount: 50000,
        lost: 0,
        noShow: 0,
      },
      {
        source: '',
        medium: '',
        campaign: '',
        platform: '',
        leads: 1,
        contacted: 0,
        booked: 0,
        completed: 0,
        amount: 0,
        lost: 0,
        noShow: 0,
      },
    ]);
  });

  it('keeps the audit per brand, newest first', async () => {
    await on.staff.audit({ brand: 'yamada', at: '1', actor: 'a', action: 'view', target: 'x' });
    await on.staff.audit({ brand: 'carsupport', at: '2', actor: 'b', action: 'view', target: 'y' });
    await on.staff.audit({ brand: 'yamada', at: '3', actor: 'c', action: 'export', target: 'z' });
    expect((await on.staff.auditLog('yamada', 10)).map((entry) => entry.at)).toEqual(['3', '1']);
  });

  it('alerts ops once of each lead still 新規 past the business hours, never of spam', async () => {
    const late = newLead({ receivedAt: '2026-11-24T01:00:00.000Z' });
    const fresh = newLead({ receivedAt: '2026-11-25T00:30:00.000Z' });
    const spam = newLead({ receivedAt: '2026-11-24T01:00:00.000Z', suspectedSpam: true });
    const called = newLead({ receivedAt: '2026-11-24T01:00:00.000Z' });
    for (const lead of [late, fresh, spam, called]) await on.leads.insert(lead, '');
    await on.staff.recordStage('yamada', stageChange(called.id));
    const sent: { subject: string; text: string }[] = [];
    const env = {
      DB: on.d1.db,
      BRAND: 'yamada',
      OPS_MAIL_TO: 'ops@example.com',
      SITE_URL: 'https://www.yamada-shaken.com',
      EMAIL: {
        send: (message: never) => {
          sent.push(message);
          return Promise.resolve({ messageId: 'm' });
        },
      },
    };
    const now = new Date('2026-11-25T01:00:00.000Z');
    await newLeadAlert(env, now);
    await newLeadAlert(env, now);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`受付番号 ${late.id}`);
    expect(sent[0]?.text).toContain(`https://www.yamada-shaken.com/staff/leads/${late.id}`);
    for (const other of [fresh, spam, called]) expect(sent[0]?.text).not.toContain(other.id);
  });

  it('counts each platform channel sent, 取込済 and 失敗 for the period, without 対象外', async () => {
    const taken = newLead();
    const waiting = newLead();
    const refused = newLead();
    const prank = newLead();
    const later = newLead({ receivedAt: '2026-12-02T01:00:00.000Z' });
    for (const lead of [taken, waiting, refused, prank, later]) await on.leads.insert(lead, '');
    await on.staff.recordStage(
      'yamada',
      stageChange(prank.id, { stage: 'excluded', reason: 'いたずら', progress: 0 }),
    );
    const row = (lead: string, channel: string, state: string, report: string | null) =>
      on.d1.db
        .prepare(
          'INSERT INTO lead_deliveries (lead_id, channel, state, report) VALUES (?, ?, ?, ?)',
        )
        .bind(lead, channel, state, report);
    await on.d1.db.batch([
      row(taken.id, 'google', 'sent', 'accepted'),
      row(waiting.id, 'google', 'sent', 'waiting'),
      row(refused.id, 'google', 'dead', 'failed'),
      row(prank.id, 'google', 'sent', 'accepted'),
      row(later.id, 'google', 'sent', 'accepted'),
      row(taken.id, 'meta', 'skipped', null),
      row(taken.id, 'webhook', 'sent', null),
    ]);
    const counts = await on.staff.channelCounts(
      'yamada',
      '2026-11-24T00:00:00.000Z',
      '2026-11-25T00:00:00.000Z',
      ['google', 'meta'],
    );
    expect(counts).toEqual(
      expect.arrayContaining([
        { channel: 'google', sent: 2, accepted: 1, failed: 1 },
        { channel: 'meta', sent: 0, accepted: 0, failed: 0 },
      ]),
    );
    expect(counts).toHaveLength(2);
  });
});

describe('racing stage changes', () => {
  it('keeps a 完了 in the funnel when a 失注 read the lead before it and lands after', async () => {
    const lead = newLead();
    await on.leads.insert(lead, '');
    // Both read the lead at 新規 (progress 0); the 失注 keeps what the 完了 reached as it lands.
    await Promise.all([
      on.staff.recordStage(
        'yamada',
        stageChange(lead.id, { stage: 'completed', amount: 54321, progress: 3 }),
      ),
      on.staff.recordStage(
        'yamada',
        stageChange(lead.id, { stage: 'lost', reason: '他社', progress: null }),
      ),
    ]);
    const read = await on.staff.lead('yamada', lead.id);
    const progress = read?.history.map((change) => [change.stage, change.progress]);
    expect([
      [
        ['completed', 3],
        ['lost', 3],
      ],
      [
        ['lost', 0],
        ['completed', 3],
      ],
    ]).toContainEqual(progress);
    const [row] = await on.staff.funnel('yamada', '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z');
    expect(row).toMatchObject({ leads: 1, contacted: 1, booked: 1 });
  });
});
