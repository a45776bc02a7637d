// A person's requests through the staff API (server/staff/people.ts), on the Worker's app over a
// real local D1, for each brand: the disclosure copy of every lead of theirs in the brand, the
// ad consent withdrawn (nothing sent to a platform after), erasure now, a correction; each audited.
import { brandIds, type BrandId } from '../../../src/brand/brands';
import { pages as carsupportPages } from '../../../src/content/carsupport/pages';
import { adProvisionSince } from '../../../src/content/externalTransmission';
import { requestsHandled, withdrawalStops } from '../../../src/content/privacyPromises';
import { pages as yamadaPages } from '../../../src/content/yamada/pages';
import { leadRequest, newLead } from '../../factories/estimate';
import { workerOnD1 } from '../worker';

const secret = 'staff-secret-for-tests-0123456789abcdef';
const metaVars = {
  META_CONVERSIONS_ENDPOINT: 'https://graph.example/v25.0',
  META_PIXEL_ID: '42',
  META_ACCESS_TOKEN: 'token',
};
const worker = workerOnD1({
  start: '2026-11-25T01:00:00.000Z',
  env: { STAFF_SECRET: secret, ...metaVars },
});

function personLead(brand: BrandId, receivedAt: string, email = 'hanako@example.com') {
  const request = leadRequest(brand, {
    customer: { email, phone: '090-1234-5678' },
    tracking: { fbclid: 'IwAR-click' },
  });
  request.adConsent = true;
  return newLead({
    brand,
    receivedAt,
    request,
    matching: { cookies: {}, privacyPolicyVersion: adProvisionSince },
  });
}

function api(brand: BrandId, path: string, body?: unknown) {
  return worker.fetch(`/api/staff${path}`, {
    brand,
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

function book(brand: BrandId, id: string) {
  return worker.fetch(`/api/staff/leads/${id}/stages`, {
    brand,
    method: 'POST',
    headers: {
      Authorization: `Bearer ${secret}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': `book-${id}`,
    },
    body: JSON.stringify({ stage: 'booked', bookedFor: '2026-12-19T10:00', shop: '本店' }),
  });
}

beforeEach(() => worker.reset());

it('are what each brand’s privacy policy promises', () => {
  for (const page of [carsupportPages.privacypolicy, yamadaPages.privacypolicy]) {
    expect(JSON.stringify(page)).toContain(withdrawalStops);
    expect(JSON.stringify(page)).toContain(requestsHandled);
  }
});

describe.each(brandIds)('a person’s requests on %s', (brand) => {
  const other = brandIds.find((id) => id !== brand)!;

  it('discloses every lead of theirs in the brand, by e-mail or phone, with stages and provisions', async () => {
    const first = personLead(brand, '2026-11-20T01:00:00.000Z');
    const second = personLead(brand, '2026-11-21T01:00:00.000Z', 'Hanako@Example.com');
    const elsewhere = personLead(other, '2026-11-21T02:00:00.000Z');
    const stranger = personLead(brand, '2026-11-22T01:00:00.000Z', 'taro@example.com');
    stranger.request.customer.phone = '03-1234-5678';
    for (const lead of [first, second, elsewhere, stranger]) {
      await worker.leads.insert(lead, '');
      await worker.d1.db
        .prepare(
          "INSERT INTO lead_deliveries (lead_id, channel, state, sent_at, attempts) VALUES (?, 'meta', 'sent', ?, 1)",
        )
        .bind(lead.id, lead.receivedAt)
        .run();
    }
    expect((await book(brand, first.id)).status).toBe(201);

    const byMail = await api(brand, '/people?email=hanako%40example.com');
    expect(byMail.status).toBe(200);
    const { leads } = (await byMail.json()) as { leads: Record<string, unknown>[] };
    expect(leads.map((lead) => lead.id)).toEqual([first.id, second.id]);
    expect(leads[0]).toMatchObject({
      request: { customer: { email: 'hanako@example.com' } },
      stages: [expect.objectContaining({ stage: 'booked', shop: '本店' })],
      provisions: expect.arrayContaining([
        { platform: 'meta', event: '見積もり依頼', sentAt: first.receivedAt, state: 'sent' },
      ]),
    });
    const byPhone = (await (await api(brand, '/people?phone=090-1234-5678')).json()) as {
      leads: { id: string }[];
    };
    expect(byPhone.leads.map((lead) => lead.id)).toEqual([first.id, second.id]);
    expect((await api(brand, '/people')).status).toBe(422);
    const audited = await worker.staff.auditLog(brand, 10);
    expect(audited.filter((entry) => entry.action === 'people')[0]?.target).toBe(
      `${first.id} ${second.id}`,
    );
    expect(JSON.stringify(audited)).not.toContain('hanako');
  });

  it('stops the provision when consent is withdrawn: later stages send nothing to any platform', async () => {
    const lead = personLead(brand, '2026-11-20T01:00:00.000Z');
    await worker.leads.insert(lead, '');
    const withdrawn = await api(brand, `/leads/${lead.id}/consent`, { adConsent: false });
    expect(withdrawn.status).toBe(200);
    expect(await withdrawn.json()).toEqual({
      id: lead.id,
      adConsentWithdrawnAt: '2026-11-25T01:00:00.000Z',
    });
    expect((await api(brand, `/leads/${lead.id}/consent`, { adConsent: true })).status).toBe(422);
    expect((await book(brand, lead.id)).status).toBe(201);
    const platforms = worker.queued.filter(
      (message) => 'channel' in message && /^(google|meta|yahoo|line)/.test(message.channel ?? ''),
    );
    expect(platforms).toEqual([]);
    const stored = await worker.leads.get(lead.id);
    expect(stored?.deliveries).toContainEqual(
      expect.objectContaining({
        channel: 'metaBooked',
        state: 'skipped',
        lastError: '広告事業者への提供の同意撤回',
      }),
    );
    expect((await worker.staff.auditLog(brand, 5)).map((entry) => entry.action)).toContain(
      'consent',
    );
  });

  it('erases a lead now by the retention rule, and corrects a contact by the form’s rules', async () => {
    const lead = personLead(brand, '2026-11-20T01:00:00.000Z');
    await worker.leads.insert(lead, '');
    const refused = await api(brand, `/leads/${lead.id}/correction`, { customer: { phone: '12' } });
    expect(refused.status).toBe(422);
    const corrected = await api(brand, `/leads/${lead.id}/correction`, {
      customer: { email: 'hanako.new@example.com' },
    });
    expect(corrected.status).toBe(200);
    expect((await worker.leads.get(lead.id))?.request.customer.email).toBe(
      'hanako.new@example.com',
    );

    expect((await api(brand, `/leads/${lead.id}/erase`, {})).status).toBe(200);
    const read = (await (await api(brand, `/leads/${lead.id}`)).json()) as Record<string, unknown>;
    const text = JSON.stringify(read);
    for (const personal of ['山田', 'ヤマダ', '090', 'example.com', 'IwAR']) {
      expect(text).not.toContain(personal);
    }
    expect((await worker.leads.get(lead.id))?.erasedReason).toBe('request');
    expect((await api(other, `/leads/${lead.id}/erase`, {})).status).toBe(404);
    const actions = (await worker.staff.auditLog(brand, 5)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['correct', 'erase']));
  });
});
