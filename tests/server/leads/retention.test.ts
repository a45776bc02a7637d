// The retention period (server/leads/retention.ts): what is erased of a lead past it and what the
// funnel keeps, the cutoff from the one constant the privacy policy prints, one batch per run. The
// Cron job erasing leads, their stages' reasons and the audit's searches on D1:
// tests/server/db/retention.d1.test.ts.
import { retentionYears } from '../../../src/content/retention';
import type { StoredLead } from '../../../server/leads/store';
import {
  erasedAuditTarget,
  erasedLead,
  erasedStage,
  keepRetention,
  type RetentionStore,
} from '../../../server/leads/retention';
import { leadRequest, storedLead } from '../../factories/estimate';

const tracking = {
  source: 'google',
  inquiry_medium: 'cpc',
  campaign: 'shaken-2026',
  term: '車検 安い',
  lp_entry_url: 'https://yamada.example/?gclid=abc&email=hanako@example.com',
  gaid: 'Cj0KCQ-click',
  fbclid: 'fb.1.click',
};

function fullLead(): StoredLead {
  return storedLead({
    request: { ...leadRequest('yamada', { tracking }), adConsent: true },
    matching: {
      cookies: { _fbp: 'fb.1.123', _gcl_aw: 'GCL.1.click' },
      userAgent: 'Mozilla/5.0',
      clientAddress: '203.0.113.7',
      eventSourceUrl: 'https://yamada.example/',
      privacyPolicyVersion: '2026-11-26',
    },
    deliveries: [
      {
        channel: 'webhook',
        state: 'dead',
        sentAt: null,
        attempts: 3,
        lastError: '400: phone 090-1234-5678 rejected',
        deadLetteredAt: null,
      },
      {
        channel: 'meta',
        state: 'skipped',
        sentAt: null,
        attempts: 0,
        lastError: '同意なし',
        deadLetteredAt: null,
      },
    ],
  });
}

describe('erasedLead', () => {
  it('blanks every personal value and keeps brand, 受付日時, the campaign and the click platform', () => {
    const lead = fullLead();
    const erased = erasedLead(lead, '2029-11-25T00:00:00.000Z');
    const text = JSON.stringify(erased);
    for (const personal of [
      '山田',
      'ヤマダ',
      '090',
      'example.com',
      '203.0.113.7',
      'Mozilla',
      'Cj0KCQ',
      'fb.1',
      '車検 安い',
      lead.contentHash,
      lead.requestHash,
      ...Object.values(lead.request.vehicle).filter((value) => value && value.length > 1),
    ]) {
      expect(text).not.toContain(personal);
    }
    expect(erased).toMatchObject({
      id: lead.id,
      brand: 'yamada',
      receivedAt: lead.receivedAt,
      idempotencyKey: lead.idempotencyKey,
      erasedAt: '2029-11-25T00:00:00.000Z',
      request: {
        adConsent: false,
        entryPoint: lead.request.entryPoint,
        tracking: {
          source: 'google',
          inquiry_medium: 'cpc',
          campaign: 'shaken-2026',
          gaid: '消去済み',
          fbclid: '消去済み',
        },
      },
    });
    expect(erased.matching).toBeUndefined();
    expect(erased.request.quote).toBeUndefined();
    expect(erased.deliveries).toEqual([
      expect.objectContaining({ channel: 'webhook', state: 'dead', attempts: 3, lastError: null }),
      expect.objectContaining({ channel: 'meta', state: 'skipped', lastError: '同意なし' }),
    ]);
  });

  it('erases a 失注 reason (free text) and keeps an 対象外 reason and every amount', () => {
    const base = { seq: 1, leadId: 'x', at: '', actor: 'sato', progress: 3 };
    expect(erasedStage({ ...base, stage: 'lost', reason: '山田様 他社で済み' })).toEqual({
      ...base,
      stage: 'lost',
    });
    const excluded = { ...base, stage: 'excluded' as const, reason: 'いたずら' };
    expect(erasedStage(excluded)).toEqual(excluded);
    const done = { ...base, stage: 'completed' as const, amount: 54321 };
    expect(erasedStage(done)).toEqual(done);
  });
});

describe('erasedAuditTarget', () => {
  it("erases a search's words in the audit and keeps the rest of the entry", () => {
    expect(erasedAuditTarget('1件 完了 検索「09012345678」')).toBe(
      '1件 完了 検索（保存期間を過ぎ消去済み）',
    );
    expect(erasedAuditTarget('3件 完了')).toBe('3件 完了');
  });
});

describe('keepRetention', () => {
  it('asks for leads received before the period the policy prints, one bounded batch a run', async () => {
    const asked: [string, string, number][] = [];
    const written: StoredLead[][] = [];
    const lead = fullLead();
    const store: RetentionStore = {
      expired: (brand, before, limit) => {
        asked.push([brand, before, limit]);
        return Promise.resolve(asked.length === 1 ? [lead] : []);
      },
      erase: (leads) => {
        written.push([...leads]);
        return Promise.resolve();
      },
      eraseSearches: () => Promise.resolve(0),
    };
    const now = new Date('2029-11-25T03:00:00.000Z');
    expect(await keepRetention(store, 'yamada', now, 2)).toBe(1);
    expect(await keepRetention(store, 'yamada', now, 2)).toBe(0);
    expect(asked[0]).toEqual(['yamada', `${2029 - retentionYears}-11-25T03:00:00.000Z`, 2]);
    expect(written).toEqual([[erasedLead(lead, now.toISOString())]]);
  });
});
