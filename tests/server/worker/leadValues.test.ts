// The staff export (CSV) and the lead's D1 columns show every value of the form alike: one
// formatter (server/core/leadValues.ts) over the field table's columns.
import { parse } from 'valibot';
import { leadRow } from '../../../server/worker/d1LeadStore';
import { leadsCsv } from '../../../server/core/leadsCsv';
import type { StoredLead } from '../../../server/core/leadStore';
import { exportColumns } from '../../../src/estimate/contract/exportColumns';
import { field, fieldPaths, type FieldPath } from '../../../src/estimate/contract/fieldTable';
import { preferredDateBounds } from '../../../src/estimate/contract/dates';
import { estimateRequestSchema } from '../../../src/estimate/contract/validation/estimateSchema';
import { tokyoYear } from '../../../src/lib/tokyoTime';
import { columnHeader } from '../../../server/core/leadValues';
import { parseStoredRequest } from '../../../server/core/storedRequest';
import { newLead, validRequest } from '../../factories/estimate';
import { parseCsv } from '../../parseCsv';

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

/** What the CSV shows of `column`, made from the D1 cells of its fields (`null` as ''). */
function fromD1Cells(row: Record<string, unknown>, path: FieldPath): string | undefined {
  const spec = field(path);
  const column = exportColumns[spec.column!];
  if ('stored' in column) return (row[column.stored] as string | null) ?? '';
  if (!spec.stored || column.format === 'date') return undefined;
  const cells = fieldPaths
    .filter((other) => field(other).column === spec.column)
    .map((other) => (row[field(other).stored!] as string | null) ?? '');
  const separator = { words: ' ', list: ' / ', text: '' }[column.format];
  return cells.filter(Boolean).join(separator);
}

describe.each([
  ['as the schema stores it', validated],
  ['as an older row may hold it', handWritten],
])('a lead %s', (_name, request) => {
  const d1Row = leadRow(leadOf(request));
  // The Worker's export reads the request back out of D1's request_json.
  const stored = leadOf(JSON.parse(d1Row.request_json as string));
  const [header, cells] = parseCsv(leadsCsv([stored]));
  const csv = (column: string) => cells![header!.indexOf(column)];

  it.each(fieldPaths.filter((path) => field(path).column))(
    '%s shows the same in the CSV and in its D1 column',
    (path) => {
      const header = columnHeader(field(path).column!);
      const expected = fromD1Cells(d1Row, path);
      if (expected === undefined) {
        // No D1 column of its own: only in request_json, which the export reads.
        expect(csv(header)).not.toBe('');
        return;
      }
      expect(csv(header)).toBe(expected);
    },
  );
});

it('writes 車検満了日 as YYYY-MM-DD, month and day padded, in both', () => {
  const row = leadRow(leadOf(validated));
  expect(row.expiry).toBe(`${year}-06-01`);
  const [header, cells] = parseCsv(leadsCsv([leadOf(validated)]));
  expect(cells![header!.indexOf(columnHeader('expiry'))]).toBe(`${year}-06-01`);
  expect(cells![header!.indexOf(columnHeader('firstRegistration'))]).toBe('2015-04');
  expect(leadRow(leadOf(handWritten)).expiry).toBe(`${year}-03`);
});
