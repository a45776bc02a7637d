// The D1 lead store's row (server/db/leadRow.ts): the staff columns come out of the
// validated request. That the row fits the migrations is tested on D1 (d1LeadStore.d1.test.ts).
import { leadRow } from '../../../server/db/leadRow';
import { newLead, storedCustomer } from '../../factories/estimate';

const lead = newLead({
  id: 'id-1',
  brand: 'carsupport',
  idempotencyKey: 'key-1',
  receivedAt: '2026-11-24T01:02:03.000Z',
  suspectedSpam: true,
  request: {
    brand: 'carsupport',
    entryPoint: 'price-check',
    vehicle: {
      expiryYear: '2027',
      expiryMonth: '3',
      maker: 'トヨタ',
      model: 'プリウス',
      postalCode: '1000001',
    },
    customer: storedCustomer('a@example.com'),
    request: { preferredDate1: '2026-12-01' },
    consent: true,
    adConsent: false,
    reminderConsent: false,
    quote: { vehicleClass: 'upto-1500kg', roughTotal: 52000 },
    tracking: { gaid: 'g-1', yclid: 'y-1', source: 'google' },
  },
});

describe('D1 lead store', () => {
  it('copies the staff columns out of the request and keeps the request whole', () => {
    const row = leadRow(lead);
    expect(row).toMatchObject({
      brand: 'carsupport',
      entry_point: 'price-check',
      last_name: '山田',
      first_name_kana: 'ハナコ',
      phone: '09012345678',
      expiry: '2027-03',
      preferred_date1: '2026-12-01',
      preferred_date2: null,
      quote_rough_total: 52000,
      gaid: 'g-1',
      yclid: 'y-1',
      source: 'google',
      lp_entry_url: null,
      suspected_spam: 1,
    });
    expect(JSON.parse(row.request_json as string)).toEqual(lead.request);
  });
});
