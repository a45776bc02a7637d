// The 次回車検のご案内 on the Worker over D1: only to a visitor who ticked the box, 60 days before the
// next 満了日 staff recorded at 完了 (by default two years after the one the visitor gave) and 30
// days before unless they asked again; a one-click unsubscribe (RFC 8058) stops every later one.
import { guideMails } from '../../../src/content/privacyPromises';
import { pages as carsupportPages } from '../../../src/content/carsupport/pages';
import { pages as yamadaPages } from '../../../src/content/yamada/pages';
import { landing as carsupportLanding } from '../../../src/content/carsupport/landing';
import { landing as yamadaLanding } from '../../../src/content/yamada/landing';
import { sendFollowUps } from '../../../server/reminders/jobs';
import type { Env } from '../../../server/env';
import { validRequest } from '../../factories/estimate';
import { postForm, staffSecret, worker } from '../booking/bookingWorker';

beforeEach(async () => {
  await worker.reset();
  worker.clock.now = new Date('2027-03-01T01:00:00.000Z');
});

let keys = 0;
async function lead(reminderConsent: boolean, email = `g${keys}@example.com`): Promise<string> {
  keys += 1;
  const body = { ...validRequest('carsupport', { customer: { email } }), reminderConsent };
  const response = await worker.fetch('/api/estimates', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `g-${keys}` },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function complete(id: string, extra: Record<string, unknown> = {}) {
  const answer = await worker.fetch(`/api/staff/leads/${id}/stages`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': `done-${id}`,
      Authorization: `Bearer ${staffSecret}`,
    },
    body: JSON.stringify({ stage: 'completed', amount: 54321, ...extra }),
  });
  expect(answer.status).toBe(201);
}

async function cronAt(tokyo: string) {
  await sendFollowUps(worker.env as Env, new Date(`${tokyo}+09:00`));
  await worker.deliver();
}

const guides = () =>
  worker.mails.filter((mail) => /^guide-/.test(mail.headers['X-Lead-Mail'] ?? ''));

describe('the 次回車検のご案内', () => {
  it('is asked for or stopped on the manage page, with its time', async () => {
    const response = await worker.fetch('/api/estimates', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'manage-guide' },
      body: JSON.stringify({
        ...validRequest('carsupport', { customer: { email: 'manage@example.com' } }),
        booking: { shop: 'setagaya', start: '2027-03-09T11:00:00+09:00' },
      }),
    });
    const { id, booking } = (await response.json()) as {
      id: string;
      booking: { manageUrl: string };
    };
    const path = new URL(booking.manageUrl).pathname;
    const post = (fields: Record<string, string>) => postForm(`${path}/guide`, fields);
    expect((await post({ reminderConsent: 'on' })).status).toBe(303);
    expect((await worker.leads.get(id))?.followUps).toMatchObject({
      guideConsentAt: worker.clock.now.toISOString(),
      unsubscribedAt: null,
    });
    expect((await post({})).status).toBe(303);
    expect((await worker.leads.get(id))?.followUps?.unsubscribedAt).toBe(
      worker.clock.now.toISOString(),
    );
  });

  it('keeps the consent with its time and wording, and the next 満了日 two years on by default', async () => {
    const id = await lead(true);
    await complete(id);
    const stored = await worker.leads.get(id);
    expect(stored?.followUps).toMatchObject({
      guideConsentAt: '2027-03-01T01:00:00.000Z',
      nextExpiry: `${Number(validRequest('carsupport').vehicle.expiryYear) + 2}-04-30`,
    });
    const version = await worker.d1.db
      .prepare('SELECT guide_consent_version AS v FROM leads WHERE id = ?')
      .bind(id)
      .first<{ v: string }>();
    expect(version?.v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('is what both brands’ privacy policy and FAQ promise', () => {
    for (const pages of [carsupportPages, yamadaPages]) {
      expect(JSON.stringify(pages.privacypolicy)).toContain(guideMails);
    }
    for (const landing of [carsupportLanding, yamadaLanding]) {
      expect(JSON.stringify(landing.question)).toContain(guideMails);
    }
  });

  it('goes 60 and 30 days before, from 10:00, once each, with the sender and a one-click unsubscribe', async () => {
    const id = await lead(true);
    await complete(id, { nextExpiry: '2029-04-30' });
    await cronAt('2029-03-01T09:59:00');
    expect(guides()).toHaveLength(0);
    await cronAt('2029-03-01T10:00:00');
    await cronAt('2029-03-02T10:00:00');
    expect(guides().map((mail) => mail.headers['X-Lead-Mail'])).toEqual(['guide-60-days']);
    const [first] = guides();
    expect(first?.headers['X-Lead-Id']).toBe(id);
    expect(first?.subject).toBe(
      '【カーサポート車検】次回車検のご案内（満了日 2029年4月30日（月））',
    );
    const unsubscribe = /\/guide\/[A-Za-z0-9_-]{43}/.exec(first?.text ?? '')?.[0];
    expect(first?.headers['List-Unsubscribe']).toBe(
      `<http://localhost:4173${unsubscribe}/unsubscribe>`,
    );
    expect(first?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    for (const line of [
      '■ 送信者',
      '所在地: ',
      'お問い合わせ: 0120-104-631',
      '配信を停止できます',
    ]) {
      expect(first?.text).toContain(line);
    }
    await cronAt('2029-03-31T10:00:00');
    expect(guides().map((mail) => mail.headers['X-Lead-Mail'])).toEqual([
      'guide-60-days',
      'guide-30-days',
    ]);
  });

  it('stops every later 案内 at one click from a mail program, and keeps when', async () => {
    const id = await lead(true);
    await complete(id, { nextExpiry: '2029-04-30' });
    await cronAt('2029-03-01T10:00:00');
    const path = /\/guide\/[A-Za-z0-9_-]{43}/.exec(guides()[0]?.text ?? '')![0];
    const page = await worker.fetch(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('配信を停止する');
    expect((await worker.leads.get(id))?.followUps?.unsubscribedAt).toBeNull();
    // A mail program posts from nowhere (no Origin), the RFC 8058 body.
    const posted = await worker.fetch(`${path}/unsubscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    expect((await worker.leads.get(id))?.followUps?.unsubscribedAt).toBe(
      worker.clock.now.toISOString(),
    );
    await cronAt('2029-03-31T10:00:00');
    expect(guides()).toHaveLength(1);
  });

  it('sends nothing to a visitor who did not tick the box, nor the 30 days’ one after a new request', async () => {
    const quiet = await lead(false);
    await complete(quiet, { nextExpiry: '2029-04-30' });
    const back = await lead(true, 'back@example.com');
    await complete(back, { nextExpiry: '2029-04-30' });
    await cronAt('2029-03-01T10:00:00');
    worker.clock.now = new Date('2029-03-05T01:00:00.000Z');
    await lead(false, 'back@example.com');
    await cronAt('2029-03-31T10:00:00');
    expect(
      guides().map((mail) => [mail.headers['X-Lead-Id'], mail.headers['X-Lead-Mail']]),
    ).toEqual([[back, 'guide-60-days']]);
  });
});
