// The D1 lead store's row (deploy/cloudflare/d1LeadStore.ts) against its migration: every column
// it writes exists, and the staff columns come out of the validated request.
import { readFileSync } from 'node:fs';
import { insertStatement, leadRow } from '../../deploy/cloudflare/d1LeadStore';
import { trackingKeys } from '../../src/tracking/trackingFields';
import { storedCustomer } from '../factories/estimate';

const migration = readFileSync('deploy/cloudflare/migrations/0001_leads.sql', 'utf8');
const tableColumns = [
  .../CREATE TABLE leads \(([\s\S]*?)\n\);/.exec(migration)![1]!.matchAll(/^ {2}(\w+) /gm),
].map((match) => match[1]);

const lead = {
  id: 'id-1',
  brand: 'carsupport' as const,
  idempotencyKey: 'key-1',
  contentHash: 'hash',
  receivedAt: '2026-11-24T01:02:03.000Z',
  suspectedSpam: true,
  request: {
    entryPoint: 'price-check',
    vehicle: {
      expiryYear: 2027,
      expiryMonth: 3,
      expiryDay: '',
      maker: 'トヨタ',
      model: 'プリウス',
      postalCode: '1000001',
    },
    customer: storedCustomer('a@example.com'),
    request: { preferredDate1: '2026-12-01', preferredDate2: '' },
    quote: { vehicleClass: 'compact', roughTotal: 52000 },
    tracking: { gaid: 'g-1', yclid: 'y-1', source: 'google' },
  },
};

describe('D1 lead store', () => {
  it('writes only columns the migration creates, and every column but the delivery marks', () => {
    const columns = Object.keys(leadRow(lead));
    expect(tableColumns.filter((column) => !columns.includes(column!))).toEqual([
      'delivered_at',
      'dead_lettered_at',
    ]);
    expect(columns.filter((column) => !tableColumns.includes(column))).toEqual([]);
    for (const key of trackingKeys) expect(columns).toContain(key);
  });

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

  it('inserts nothing over an existing (brand, idempotency key)', () => {
    expect(insertStatement(['id', 'brand'])).toBe(
      'INSERT INTO leads (id, brand) VALUES (?, ?) ON CONFLICT (brand, idempotency_key) DO NOTHING',
    );
    expect(migration).toMatch(/CREATE UNIQUE INDEX \w+ ON leads \(brand, idempotency_key\)/);
  });
});
