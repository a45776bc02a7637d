// The Worker of the booking's D1 tests, on carsupport's host unless told, its clock at
// 2026-11-20 (Fri) 10:00 in Japan: carsupport's example shops book from Tue 24 (Sun 22 closed, Mon 23
// 勤労感謝の日), 渋谷店 by 仮予約 (staff confirm), 世田谷店 confirmed at once. Helpers post as the
// dialog does and sign in as staff do.
import { JSDOM } from 'jsdom';
import { D1Bookings } from '../../../server/db/bookings';
import type { BrandId } from '../../../src/brand/brands';
import { validRequest } from '../../factories/estimate';
import { siteOf, workerOnD1, type TestWorker } from '../worker';

export const staffSecret = 'booking-staff-secret-for-the-d1-tests';

// SITE_URL: the mails' links (deploy/cloudflare/config.ts sets it for every Worker).
const base = workerOnD1({
  env: {
    STAFF_SECRET: staffSecret,
    SITE_URL: siteOf('carsupport'),
    SHOP_MAIL_TO: 'shop@carsupport.test',
  },
});

export const worker = base as TestWorker & { bookings: D1Bookings };

beforeAll(() => {
  worker.bookings = new D1Bookings(base.d1.db);
});

export const tuesday = '2026-11-24T09:30:00+09:00';

let keys = 0;

/** The dialog's JSON post with a slot; each a new visitor unless `email` says otherwise. */
export function book(start: string, shop = 'shibuya', email = `v${keys + 1}@example.com`) {
  keys += 1;
  const body = { ...validRequest('carsupport', { customer: { email } }), booking: { shop, start } };
  return worker.fetch('/api/estimates', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `key-${keys}` },
    body: JSON.stringify(body),
  });
}

export type Booked = { id: string; booking: { state: string; start: string; manageUrl: string } };

export async function booked(start: string, shop = 'shibuya'): Promise<Booked> {
  const response = await book(start, shop);
  expect(response.status).toBe(201);
  return (await response.json()) as Booked;
}

export async function remaining(start: string, shop = 'shibuya'): Promise<number | undefined> {
  const day = start.slice(0, 10);
  const response = await worker.fetch(`/api/slots?shop=${shop}&from=${day}&days=1`);
  const body = (await response.json()) as { slots: { start: string; remaining: number }[] };
  return body.slots.find((slot) => slot.start === start)?.remaining;
}

/** A form post from the brand's own site. */
export function postForm(
  path: string,
  fields: Record<string, string>,
  headers = {},
  brand: BrandId = 'carsupport',
) {
  return worker.fetch(path, {
    brand,
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: siteOf(brand),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export async function staffCookie(): Promise<{ Cookie: string }> {
  const answer = await postForm('/staff/login', { name: '佐藤', secret: staffSecret });
  expect(answer.status).toBe(303);
  return { Cookie: answer.headers.get('set-cookie')?.split(';')[0] ?? '' };
}

export async function page(response: Response): Promise<Document> {
  return new JSDOM(await response.text()).window.document;
}

/** What a person reads: the text, spaces as one. */
export const words = (node: Element | Document | null | undefined) => {
  const element = node && 'body' in node ? node.body : node;
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
};
