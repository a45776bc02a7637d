// The retention Cron job on a real local D1 with every migration (server/jobs/retention.ts):
// a lead past the period loses every personal value, the funnel counts stay the same, a lead
// inside the period is untouched, and a second run finds nothing left to do.
import { eraseExpiredLeads } from '../../../server/jobs/retention';
import { leadRequest, newLead } from '../../factories/estimate';
import { stageChange, staffStoresOnD1 } from '../d1';

const on = staffStoresOnD1();

const request = () => ({
  ...leadRequest('yamada', {
    tracking: { source: 'google', campaign: 'spring', gaid: 'Cj0-click' },
  }),
  adConsent: true,
});

describe('the retention Cron job on D1', () => {
  it('erases a lead past the period, keeps the funnel counts, and leaves a newer lead alone', async () => {
    const old = newLead({ receivedAt: '2026-11-20T01:00:00.000Z', request: request() });
    const lost = newLead({ receivedAt: '2026-11-21T01:00:00.000Z', request: request() });
    const recent = newLead({ receivedAt: '2026-11-24T01:00:00.000Z', request: request() });
    for (const lead of [old, lost, recent])
      await on.leads.insert(
        {
          ...lead,
          matching: {
            cookies: { _fbp: 'fb.1.2' },
            userAgent: 'Mozilla/5.0',
            clientAddress: '203.0.113.7',
          },
        },
        '',
      );
    await on.staff.recordStage(
      'yamada',
      stageChange(old.id, { stage: 'completed', amount: 54321, progress: 3 }),
    );
    await on.staff.recordStage(
      'yamada',
      stageChange(lost.id, { stage: 'lost', reason: '山田様より他社で', progress: 1 }),
    );
    await on.d1.db
      .prepare(
        "INSERT INTO lead_deliveries (lead_id, channel, state, attempts, last_error) VALUES (?, 'webhook', 'dead', 3, ?), (?, 'meta', 'skipped', 0, '同意なし')",
      )
      .bind(old.id, '400: 090-1234-5678', old.id)
      .run();
    for (const [at, target] of [
      ['2026-11-21T01:00:00.000Z', '1件 検索「09012345678」'],
      ['2026-11-21T02:00:00.000Z', '3件 完了'],
      ['2026-11-23T01:00:00.000Z', '1件 検索「ヤマダ」'],
    ] as const) {
      await on.staff.audit({ brand: 'yamada', at, actor: 'sato', action: 'list', target });
    }
    const range = ['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'] as const;
    const before = await on.staff.funnel('yamada', ...range);

    // Three years after 2026-11-22: the first two leads are past the period, the third is not.
    const env = { DB: on.d1.db, BRAND: 'yamada' };
    await eraseExpiredLeads(env, new Date('2029-11-22T00:00:00.000Z'));

    expect(await on.staff.funnel('yamada', ...range)).toEqual(before);
    const row = await on.d1.db
      .prepare('SELECT * FROM leads WHERE id = ?')
      .bind(old.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      last_name: null,
      first_name: null,
      kana: '',
      phone: null,
      email: null,
      postal_code: null,
      maker: null,
      model: null,
      receipt_mailbox: null,
      matching_json: null,
      request_hash: '',
      content_hash: '',
      gaid: '消去済み',
      source: 'google',
      campaign: 'spring',
      amount: 54321,
      stage: 'completed',
      erased_at: '2029-11-22T00:00:00.000Z',
    });
    for (const value of ['山田', '090', '@', 'Mozilla', '203.0.113', 'Cj0']) {
      expect(JSON.stringify(row)).not.toContain(value);
    }
    const errors = await on.d1.db
      .prepare('SELECT channel, last_error FROM lead_deliveries WHERE lead_id = ? ORDER BY channel')
      .bind(old.id)
      .all();
    expect(errors.results).toEqual([
      { channel: 'meta', last_error: '同意なし' },
      { channel: 'webhook', last_error: null },
    ]);
    const lostLead = await on.staff.lead('yamada', lost.id);
    expect(lostLead?.history).toEqual([expect.not.objectContaining({ reason: expect.anything() })]);
    expect(lostLead?.erasedAt).toBe('2029-11-22T00:00:00.000Z');
    expect(
      (await on.staff.leads('yamada', { limit: 10 })).map((lead) => [lead.id, lead.erased]),
    ).toEqual([
      [recent.id, false],
      [lost.id, true],
      [old.id, true],
    ]);

    const kept = await on.leads.get(recent.id);
    expect(kept?.request.customer).toEqual(recent.request.customer);
    expect(kept?.matching?.clientAddress).toBe('203.0.113.7');
    expect(kept?.erasedAt).toBeUndefined();

    expect((await on.staff.auditLog('yamada', 10)).map((entry) => entry.target)).toEqual([
      '1件 検索「ヤマダ」',
      '3件 完了',
      '1件 検索（保存期間を過ぎ消去済み）',
    ]);

    // A later run finds nothing more (the erased rows and searches are not read again) and
    // changes nothing.
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    await eraseExpiredLeads(env, new Date('2029-11-23T00:00:00.000Z'));
    expect(logged).not.toHaveBeenCalled();
    const again = await on.d1.db
      .prepare('SELECT erased_at FROM leads WHERE id = ?')
      .bind(old.id)
      .first<{ erased_at: string }>();
    expect(again?.erased_at).toBe('2029-11-22T00:00:00.000Z');
  });
});

describe('a stage change on an erased lead', () => {
  it('keeps no 失注 reason and no fingerprint of what staff typed, erased before or after', async () => {
    const before = newLead({ receivedAt: '2026-11-20T01:00:00.000Z', request: request() });
    const after = newLead({ receivedAt: '2026-11-20T02:00:00.000Z', request: request() });
    for (const lead of [before, after]) await on.leads.insert(lead, '');
    const lost = (leadId: string) =>
      stageChange(leadId, { stage: 'lost', reason: '山田様より他社で', progress: null });
    await on.staff.recordStage('yamada', lost(before.id));
    await eraseExpiredLeads({ DB: on.d1.db, BRAND: 'yamada' }, new Date('2029-11-22T00:00:00Z'));
    await on.staff.recordStage('yamada', lost(after.id));
    await on.staff.recordStage(
      'yamada',
      stageChange(after.id, { stage: 'excluded', reason: '重複', progress: null }),
    );
    const rows = await on.d1.db
      .prepare('SELECT lead_id, stage, reason, request_hash FROM lead_stages ORDER BY seq')
      .all();
    expect(rows.results).toEqual([
      { lead_id: before.id, stage: 'lost', reason: null, request_hash: null },
      { lead_id: after.id, stage: 'lost', reason: null, request_hash: null },
      { lead_id: after.id, stage: 'excluded', reason: '重複', request_hash: null },
    ]);
  });
});
