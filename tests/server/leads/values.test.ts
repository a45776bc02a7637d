// The lead's D1 columns keep machine formats; the staff export (CSV) shows the same values as
// people read them (server/leads/values.ts: columnText and columnWords).
import { parse } from 'valibot';
import { leadRow } from '../../../server/db/leadRow';
import { leadsCsv } from '../../../server/staff/leadsCsv';
import type { StoredLead } from '../../../server/leads/store';
import { preferredDateBounds } from '../../../src/estimate/contract/dates';
import { estimateRequestSchema } from '../../../src/estimate/contract/validation/estimateSchema';
import { tokyoYear } from '../../../src/lib/tokyoTime';
import { columnHeader } from '../../../server/leads/values';
import { parseStoredRequest } from '../../../server/leads/storedRequest';
import { newLead, validRequest } from '../../factories/estimate';
import { parseCsv } from '../../parseCsv';
import { postalArea } from '../../factories/postal';

/** A lead of every field filled in, read back from `request` as a store reads it. */
function leadOf(request: unknown): StoredLead {
  return {
    ...newLead({ brand: 'carsupport', receivedAt: '2026-05-10T01:00:00.000Z' }),
    request: parseStoredRequest(request, 'carsupport'),
  };
}

const year = String(tokyoYear() + 1);

/** Every field filled, as the schema stores it: 車検満了日 and 初度登録年月 unpadded. */
const validated = parse(
  estimateRequestSchema,
  validRequest('carsupport', {
    vehicle: {
      expiryYear: year,
      expiryMonth: '6',
      expiryDay: '1',
      firstRegistrationYear: '2015',
      firstRegistrationMonth: '4',
      mileage: '52,000',
      postalCode: '150-0001',
    },
    request: {
      preferredDate1: preferredDateBounds().min,
      preferredDate2: preferredDateBounds().max,
      courtesyCar: 'yes',
      contactTime: '9-12',
      notes: 'よろしくお願いします',
    },
  }),
);

/** Rows an older release or a hand edit may hold: numbers, padded parts, no day. */
const handWritten = {
  ...validated,
  vehicle: {
    ...validated.vehicle,
    expiryYear: Number(year),
    expiryMonth: 3,
    expiryDay: undefined,
    firstRegistrationMonth: '04',
  },
};

async function csvOf(request: unknown): Promise<(column: string) => string | undefined> {
  const [header, cells] = parseCsv(await leadsCsv([leadOf(request)], postalArea));
  return (column) => cells![header!.indexOf(column)];
}

describe('one lead, two readers', () => {
  it('keeps machine formats in its D1 columns, for the webhook and queries', () => {
    const row = leadRow(leadOf(validated));
    expect(row.expiry).toBe(`${year}-06-01`);
    expect(row.phone).toBe('09012345678');
    expect(row.postal_code).toBe('1500001');
    expect(leadRow(leadOf(handWritten)).expiry).toBe(`${year}-03`);
  });

  it('writes every value of the CSV as a person reads it, the area from the postal data', async () => {
    const csv = await csvOf(validated);
    expect(csv(columnHeader('expiry'))).toMatch(
      new RegExp(`^${year}年6月1日（[日月火水木金土]）$`),
    );
    expect(csv(columnHeader('firstRegistration'))).toBe('2015年4月');
    expect(csv(columnHeader('phone'))).toBe('090-1234-5678');
    expect(csv(columnHeader('postalCode'))).toBe('〒150-0001 東京都渋谷区');
    expect(csv(columnHeader('mileage'))).toBe('52,000');
    expect(csv(columnHeader('courtesyCar'))).toBe('希望する');
    expect(csv(columnHeader('contactTime'))).toBe('9:00〜12:00');
    expect(csv(columnHeader('preferredDates'))).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日（.）、\d{4}年/);
    expect(csv(columnHeader('name'))).toBe('山田 花子');
  });

  it('reads an older row the same way: numbers, padded parts, no day', async () => {
    const csv = await csvOf(handWritten);
    expect(csv(columnHeader('expiry'))).toBe(`${year}年3月`);
    expect(csv(columnHeader('firstRegistration'))).toBe('2015年4月');
  });
});
