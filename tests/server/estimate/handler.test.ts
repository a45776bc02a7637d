// The estimate API's rules, once, over the local store: the handler called with Fetch API
// Requests as the Worker calls it (the HTTP adapter is covered by estimates.test.ts).
import { validFormPost, validRequest } from '../../factories/estimate';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answers } from '../../../server/http/messages';
import {
  createEstimateHandler,
  duplicateWindowMs,
  type EstimateContext,
} from '../../../server/estimate/handler';
import { maxBodyBytes } from '../../../server/http/http';
import { JSDOM } from 'jsdom';
import { adConsentNote } from '../../../src/content/externalTransmissionLink';
import { pageStyle, valuesKeptNote } from '../../../server/estimate/pages';
import type { LeadStore, NewLead } from '../../../server/leads/store';
import { newLeadRateLimit } from '../../../server/estimate/rateLimitPolicy';
import { createLocalLeadStore, createMemoryRateLimiter } from '../../../server/node/localLeadStore';
import { brands, telHref } from '../../../src/brand/brands';
import { honeypotField } from '../../../src/estimate/contract/validation/estimateSchema';
import { keyReusedCode } from '../../../src/estimate/contract/apiContract';

const site = 'https://www.yamada-shaken.com';
const apiUrl = `${site}/api/estimates`;
const ctx: EstimateContext = { brand: 'yamada', clientKey: '203.0.113.5', siteOrigin: site };
const phone = brands.yamada.phone;

let dir: string;
let file: string;
let clock: number;
let notified: NewLead[];
let replayed: string[];
let handler: ReturnType<typeof createEstimateHandler>;

function make(options: { limit?: number; store?: LeadStore; notifyFails?: boolean } = {}) {
  const store = options.store ?? createLocalLeadStore({ file });
  handler = createEstimateHandler({
    store,
    rateLimiter: createMemoryRateLimiter({ limit: options.limit, now: () => clock }),
    notifier: {
      created: (lead) => {
        if (options.notifyFails) return Promise.reject(new Error('queue down'));
        notified.push(lead);
        return Promise.resolve();
      },
      replayed: (id) => {
        replayed.push(id);
        return Promise.resolve();
      },
    },
    now: () => new Date(clock),
  });
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'estimate-rules-'));
  file = join(dir, 'estimates.jsonl');
  clock = Date.now();
  notified = [];
  replayed = [];
  vi.stubEnv('ESTIMATES_MODE', undefined);
  make();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

function validBody(model = 'N-BOX') {
  return validRequest('yamada', { vehicle: { model } });
}

function postJson(body: unknown, key: string, context: EstimateContext = ctx) {
  return handler(
    new Request(apiUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    }),
    context,
  );
}

/** The native form's controls as the estimate dialog names them (contract 1). */
function validForm(): Record<string, string> {
  return {
    ...validFormPost('yamada', {
      entryPoint: 'price-check',
      vehicle: { expiryDay: '' },
      // As typed: the schema turns hiragana into katakana.
      customer: { lastNameKana: 'やまだ', firstNameKana: 'はなこ' },
      request: { courtesyCar: 'yes', notes: '' },
    }),
    'quote.vehicleClass': 'kei',
    'quote.roughTotal': '45000',
    [honeypotField]: '',
  };
}

function postForm(
  fields: Record<string, string>,
  headers: Record<string, string> = { Origin: site },
) {
  return handler(
    new Request(apiUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    }),
    ctx,
  );
}

type Row = Record<string, unknown> & { id: string; body: Record<string, unknown> };

async function rows(): Promise<Row[]> {
  try {
    return (await readFile(file, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Row);
  } catch {
    return [];
  }
}

/**
 * Every value of `form` is in the page's form, read as a browser reads it (a text's value, a
 * select's selected option, a radio or box checked), posting back to the API.
 */
function expectFormFilledWith(page: string, form: Record<string, string>): void {
  const { document } = new JSDOM(page).window;
  const posted = document.querySelector('form');
  expect(posted?.getAttribute('method')).toBe('post');
  expect(posted?.getAttribute('action')).toBe('/api/estimates');
  const values = new document.defaultView!.FormData(posted!);
  for (const [name, value] of Object.entries(form)) {
    expect(values.get(name) ?? '', name).toBe(name === 'consent' && value ? 'on' : value);
  }
}

async function idOf(response: Response): Promise<string> {
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe('idempotency', () => {
  it.each([
    ['with one key', () => 'one-key'],
    ['of one content under fresh keys', (n: number) => `fresh-${n}`],
  ])('gives 50 concurrent posts %s one row, one id, one notice', async (_name, keyOf) => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) => postJson(validBody(), keyOf(n))),
    );
    const ids = new Set(await Promise.all(responses.map(idOf)));
    expect(ids.size).toBe(1);
    expect(await rows()).toHaveLength(1);
    expect(notified).toHaveLength(1);
  });

  it('answers a replay with the first id, even days later, without counting it', async () => {
    make({ limit: 1 });
    const id = await idOf(await postJson(validBody(), 'k1'));
    clock += 3 * 24 * 3600_000;
    expect(await idOf(await postJson(validBody(), 'k1'))).toBe(id);
    expect(await idOf(await postJson(validBody(), 'k1'))).toBe(id);
    // The limit (1) is still free for a new lead: the replays did not use it.
    expect((await postJson(validBody('FIT'), 'k2')).status).toBe(201);
    expect(await rows()).toHaveLength(2);
  });

  it('hands each answer with a stored lead to the notifier, which queues what a crash left', async () => {
    const id = await idOf(await postJson(validBody(), 'k1'));
    expect(await idOf(await postJson(validBody(), 'k1'))).toBe(id); // a replay
    expect(await idOf(await postJson(validBody(), 'k2'))).toBe(id); // the same content
    expect(notified.map((lead) => lead.id)).toEqual([id]);
    expect(replayed).toEqual([id, id]);
  });

  it('refuses a key reused for other content with 422 and its code, losing neither lead', async () => {
    // A tab copied with its draft: the copy sends another car first under the shared key.
    const copy = await idOf(await postJson(validBody('FIT'), 'shared'));
    const reused = await postJson(validBody('N-BOX'), 'shared');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({ error: answers.keyReused, code: keyReusedCode });
    // The first tab takes a new key, as the client does, and gets its own lead.
    const original = await idOf(await postJson(validBody('N-BOX'), 'renewed'));
    expect(original).not.toBe(copy);
    expect((await rows()).map((row) => (row.body.vehicle as { model: string }).model)).toEqual([
      'FIT',
      'N-BOX',
    ]);
    expect(notified.map((lead) => lead.id)).toEqual([copy, original]);
  });

  it('answers a key reused for the same content with other attribution with its lead', async () => {
    const id = await idOf(await postJson(validBody(), 'k1'));
    const retagged = { ...validBody(), tracking: { source: 'yahoo' } };
    expect(await idOf(await postJson(retagged, 'k1'))).toBe(id);
    expect(await rows()).toHaveLength(1);
  });

  it('gives 50 concurrent native posts of one content one row and one id', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => postForm(validForm())));
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201]));
    expect(await rows()).toHaveLength(1);
  });
});

describe('deeply nested JSON', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it.each([
    ['an array 15,000 deep', deep(15_000)],
    [
      'a valid lead with a 15,000-deep extra field',
      JSON.stringify(validBody()).replace(/}$/, `,"pad":${deep(15_000)}}`),
    ],
  ])('answers %s with 400, never a 5xx', async (_name, body) => {
    const answer = await handler(
      new Request(apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'deep' },
        body,
      }),
      ctx,
    );
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: answers.invalidJson });
    expect(await rows()).toEqual([]);
  });

  it('reads brackets inside a string as text', async () => {
    const body = validBody(`${'['.repeat(20)}N-BOX`.slice(0, 25));
    expect((await postJson(body, 'brackets')).status).not.toBe(400);
  });
});

describe('bodies that are not UTF-8', () => {
  // "山田" in UTF-8 with its last byte cut, then a byte no UTF-8 sequence starts with.
  const broken = (text: string) => {
    const [before, after] = text.split('__BROKEN__') as [string, string];
    const encoder = new TextEncoder();
    return new Uint8Array([
      ...encoder.encode(before),
      0xe5,
      0xb1,
      0xb1,
      0xe7,
      0x94,
      0xff,
      ...encoder.encode(after),
    ]);
  };

  it('refuses JSON that is not UTF-8 with 400, storing nothing', async () => {
    const body = JSON.stringify(validBody('__BROKEN__'));
    const response = await handler(
      new Request(apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'not-utf8' },
        body: broken(body),
      }),
      ctx,
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: answers.invalidJson });
    expect(await rows()).toEqual([]);
  });

  it('refuses a native post that is not UTF-8 with a 400 page, storing nothing', async () => {
    const response = await handler(
      new Request(apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site },
        body: broken(`${new URLSearchParams(validForm())}&vehicle.model=__BROKEN__`),
      }),
      ctx,
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain(answers.invalidJson);
    expect(await rows()).toEqual([]);
  });
});

describe('duplicates', () => {
  it('folds the same content under a new key within 10 minutes into the first lead', async () => {
    const id = await idOf(await postJson(validBody(), 'a'));
    clock += duplicateWindowMs - 1000;
    // Written differently, normalised the same: still the same lead.
    const again = validBody();
    (again.customer as Record<string, string>).phone = '０９０１２３４５６７８';
    expect(await idOf(await postJson(again, 'b'))).toBe(id);
    expect(await rows()).toHaveLength(1);
    expect(notified).toHaveLength(1);
  });

  it('takes the same content after 10 minutes as a new lead', async () => {
    const id = await idOf(await postJson(validBody(), 'a'));
    clock += duplicateWindowMs + 1000;
    expect(await idOf(await postJson(validBody(), 'b'))).not.toBe(id);
    expect(await rows()).toHaveLength(2);
  });

  it('keeps a second car from the same person as a new lead', async () => {
    const id = await idOf(await postJson(validBody('N-BOX'), 'a'));
    expect(await idOf(await postJson(validBody('FIT'), 'b'))).not.toBe(id);
    expect(await rows()).toHaveLength(2);
    expect(notified).toHaveLength(2);
  });

  it('keeps the same content for another brand apart', async () => {
    await idOf(await postJson(validBody(), 'a'));
    const carsupport = { ...ctx, brand: 'carsupport' as const };
    await idOf(await postJson({ ...validBody(), brand: 'carsupport' }, 'a', carsupport));
    expect(await rows()).toHaveLength(2);
  });
});

describe('rate limit', () => {
  it('allows 20 new leads per client per 10 minutes, generous for carrier NAT', () => {
    expect(newLeadRateLimit).toEqual({ limit: 20, windowSeconds: 600 });
  });

  it('answers the 21st new lead with 429, Retry-After and the phone number', async () => {
    make(); // the default limit
    for (let i = 0; i < newLeadRateLimit.limit; i += 1) {
      expect((await postJson(validBody(`car-${i}`), `k${i}`)).status).toBe(201);
    }
    const refused = await postJson(validBody('one-too-many'), 'over');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    const { errors } = (await refused.json()) as { errors: { form: string } };
    expect(errors.form).toContain(phone);
    expect(errors.form).toMatch(/もう一度お試し/u);
    expect(await rows()).toHaveLength(newLeadRateLimit.limit);
  });

  it('counts an IPv6 /64 as one client: its 21st new lead gets 429 from any address in it', async () => {
    make(); // the default limit
    const inNetwork = (host: number) => ({
      ...ctx,
      clientKey: `2001:db8:0:7::${host.toString(16)}`,
    });
    for (let i = 0; i < newLeadRateLimit.limit; i += 1) {
      expect((await postJson(validBody(`car-${i}`), `k${i}`, inNetwork(i + 1))).status).toBe(201);
    }
    const refused = await postJson(validBody('one-too-many'), 'over', inNetwork(0xbeef));
    expect(refused.status).toBe(429);
    const { errors } = (await refused.json()) as { errors: { form: string } };
    expect(errors.form).toContain(phone);
    const nextNetwork = { ...ctx, clientKey: '2001:db8:0:8::1' };
    expect((await postJson(validBody('one-too-many'), 'over', nextNetwork)).status).toBe(201);
  });

  it('does not count replays, duplicates or refused posts, nor other clients', async () => {
    make({ limit: 2 });
    const first = await idOf(await postJson(validBody('A'), 'a'));
    for (let i = 0; i < 5; i += 1) {
      expect(await idOf(await postJson(validBody('A'), 'a'))).toBe(first); // replay
      expect(await idOf(await postJson(validBody('A'), `dup-${i}`))).toBe(first); // duplicate
      expect((await postJson({ ...validBody('X'), consent: false }, `bad-${i}`)).status).toBe(422);
    }
    expect((await postJson(validBody('B'), 'b')).status).toBe(201);
    expect((await postJson(validBody('C'), 'c')).status).toBe(429);
    const other = { ...ctx, clientKey: '198.51.100.7' };
    expect((await postJson(validBody('C'), 'c', other)).status).toBe(201);
  });

  it("counts per brand: a client's limit at one brand leaves the other brand's whole", async () => {
    make({ limit: 1 });
    await idOf(await postJson(validBody('A'), 'a'));
    expect((await postJson(validBody('B'), 'b')).status).toBe(429);
    const carsupport = { ...ctx, brand: 'carsupport' as const };
    const other = validRequest('carsupport', { vehicle: { model: 'B' } });
    expect((await postJson(other, 'c', carsupport)).status).toBe(201);
  });

  it('lets the client in again once the window has passed', async () => {
    make({ limit: 1 });
    await idOf(await postJson(validBody('A'), 'a'));
    const refused = await postJson(validBody('B'), 'b');
    expect(refused.status).toBe(429);
    clock += Number(refused.headers.get('retry-after')) * 1000;
    expect((await postJson(validBody('B'), 'b')).status).toBe(201);
  });

  it('answers a native post over the limit with a page giving the phone number', async () => {
    make({ limit: 1 });
    await idOf(await postJson(validBody('A'), 'a'));
    const refused = await postForm(validForm());
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await refused.text();
    expect(page).toContain(`href="${telHref(phone)}"`);
    expect(page).toContain(valuesKeptNote);
    expectFormFilledWith(page, validForm());
  });
});

describe('honeypot', () => {
  it('stores a lead with the honeypot filled, marked, and notifies it marked', async () => {
    const id = await idOf(
      await postJson({ ...validBody(), [honeypotField]: 'https://spam.example' }, 'hp'),
    );
    const [row] = await rows();
    expect(row).toMatchObject({ id, suspectedSpam: true });
    // Each channel decides on the mark: the shop's notice only (tests/server/leadMail.test.ts).
    expect(notified.map((lead) => [lead.id, lead.suspectedSpam])).toEqual([[id, true]]);
  });

  it('notifies once for a lead with the honeypot empty, unmarked', async () => {
    const id = await idOf(await postJson({ ...validBody(), [honeypotField]: '' }, 'ok'));
    expect((await rows())[0]).toMatchObject({ id, suspectedSpam: false });
    expect(notified.map((lead) => lead.id)).toEqual([id]);
  });

  it('marks a native post whose honeypot autofill filled, and still accepts it', async () => {
    const response = await postForm({ ...validForm(), [honeypotField]: 'hanako.example.com' });
    expect(response.status).toBe(201);
    expect((await rows())[0]).toMatchObject({ suspectedSpam: true });
    expect(notified.map((lead) => lead.suspectedSpam)).toEqual([true]);
  });
});

describe('the native form post', () => {
  it('accepts a same-site post: a page with 受付番号, the phone as tel: and a way home', async () => {
    const cookie = `_ga=GA1.1; tracking_data=${encodeURIComponent(
      JSON.stringify({ source: 'yahoo', lp_entry_url: '/?utm_source=yahoo&token=x' }),
    )}; other=1`;
    const response = await postForm(validForm(), { Origin: site, Cookie: cookie });

    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-/,
    );
    // The page's one style sheet is allowed by its hash, and nothing else is.
    const styleHash = createHash('sha256').update(pageStyle).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${styleHash}'`);
    const page = await response.text();
    expect(page).toContain(`<style>${pageStyle}</style>`);
    expect(page).not.toMatch(/<script|style="/u);
    const [row] = await rows();
    expect(page).toContain(`受付番号: <strong>${row?.id}</strong>`);
    expect(page).toContain(brands.yamada.name);
    expect(page).toContain(`<a class="tel" href="${telHref(phone)}">${phone}</a>`);
    expect(page).toContain('<a href="/">');
    expect(row?.body).toMatchObject({
      brand: 'yamada',
      entryPoint: 'price-check',
      quote: { vehicleClass: 'kei', roughTotal: 45000 },
      customer: { lastNameKana: 'ヤマダ', phone: '09012345678' },
      consent: true,
      tracking: { source: 'yahoo', lp_entry_url: '/?utm_source=yahoo' },
    });
    expect(notified).toHaveLength(1);
  });

  it('folds a double submit of the native form into one lead', async () => {
    const [a, b] = await Promise.all([postForm(validForm()), postForm(validForm())]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await rows()).toHaveLength(1);
    const id = (await rows())[0]?.id ?? '';
    expect(await a.text()).toContain(id);
    expect(await b.text()).toContain(id);
  });

  it('refuses with 422: every message, and the form again with the values, escaped', async () => {
    const form = {
      ...validForm(),
      'vehicle.model': '<script>alert(1)</script>"',
      'customer.phone': '123',
      'request.notes': '</textarea><img src=x onerror=alert(1)>',
      [honeypotField]: '',
    };
    delete (form as Record<string, string>).consent;

    const response = await postForm(form);

    expect(response.status).toBe(422);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    expect(page).toContain('電話番号は市外局番から10桁または11桁で入力してください');
    expect(page).toContain('個人情報の取り扱いに同意してください');
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    expect(page).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;&quot;"');
    expect(page).toContain('&lt;/textarea&gt;&lt;img src=x onerror=alert(1)&gt;</textarea>');
    expect(page).toContain('name="customer.phone" value="123"');
    expect(page).toContain('name="customer.lastNameKana" value="やまだ"');
    expect(page).toMatch(/<option value="ホンダ" selected>/u);
    expect(page).toMatch(/name="request.courtesyCar" value="yes" checked/u);
    expect(page).toContain('<input type="hidden" name="quote.roughTotal" value="45000">');
    expect(page).toContain('<form method="post" action="/api/estimates"');
    // The consent names the provision to ad platforms, as the dialog's does, with its section.
    expect(page).toContain(adConsentNote);
    expect(page).toContain('href="/privacypolicy#external-transmission"');
    expect(page).toMatch(/id="f-customer-phone"[^>]*aria-invalid="true"/u);
    expect(page).toMatch(/id="f-vehicle-postalCode"[^>]*inputmode="numeric"/u);
    expect(page).toContain(`href="${telHref(phone)}"`);
    expect(await rows()).toEqual([]);
  });

  it('cuts nothing on the refused page: no maxlength, the over-long text kept with its count', async () => {
    const notes = 'あ'.repeat(1200);
    const response = await postForm({ ...validForm(), 'request.notes': notes });

    expect(response.status).toBe(422);
    const page = await response.text();
    expect(page).not.toContain('maxlength');
    expect(page).toContain(`<textarea id="f-request-notes" name="request.notes" rows="5"`);
    expect(page).toContain(`>${notes}</textarea>`);
    expect(page).toContain('（現在1200文字）');
  });

  it('keeps every value sent in the refused page’s form', async () => {
    const form = validForm();
    delete form.consent;
    Object.assign(form, {
      'vehicle.expiryDay': '9',
      'vehicle.firstRegistrationYear': '2019',
      'vehicle.firstRegistrationMonth': '7',
      'vehicle.mileage': '45,000km',
      'request.preferredDate1': '2099-01-02',
      'request.preferredDate2': '2099-01-03',
      'request.contactTime': '9-12',
      'request.notes': '午前中\n希望',
    });

    const response = await postForm(form);

    expect(response.status).toBe(422);
    expectFormFilledWith(await response.text(), form);
  });

  it('refuses a cross-site post with a 403 page in Japanese, storing nothing', async () => {
    for (const headers of [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: 'http://www.yamada-shaken.com' },
      { Referer: 'https://evil.example/form' },
      {},
    ] as Record<string, string>[]) {
      const response = await postForm(validForm(), headers);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain(answers.crossSite);
    }
    expect(await rows()).toEqual([]);
  });

  it('accepts a post without Origin whose Referer is the site', async () => {
    const response = await postForm(validForm(), { Referer: `${site}/?utm_source=x` });
    expect(response.status).toBe(201);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses a body over 64 KB, sent or declared, with 413 in Japanese: JSON, or a page', async () => {
    const notes = 'x'.repeat(maxBodyBytes);
    const json = await postJson({ ...validBody(), request: { notes } }, 'big');
    expect(json.status).toBe(413);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await json.json()).toEqual({ error: answers.tooLarge });
    // Refused on its Content-Length alone, before the body is read.
    const declared = await handler(
      new Request(apiUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(maxBodyBytes + 1),
          'Idempotency-Key': 'declared',
        },
        body: '{}',
      }),
      ctx,
    );
    expect(declared.status).toBe(413);
    const page = await postForm({ ...validForm(), 'request.notes': notes });
    expect(page.status).toBe(413);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain(answers.tooLarge);
    expect(await rows()).toEqual([]);
  });
});

describe('hostile attribution', () => {
  it.each([
    'javascript:alert(document.cookie)',
    'https://evil.example/?utm_source=x',
    '//evil.example/',
    '/\\evil.example',
  ])('does not store lp_entry_url %s', async (url) => {
    const body = validBody();
    body.tracking = { source: 'x', lp_entry_url: url, estimate_generated_url: url };
    await idOf(await postJson(body, 'k'));
    expect((await rows())[0]?.body.tracking).toEqual({ source: 'x' });
  });
});

describe('failures', () => {
  const failing: LeadStore = {
    insert: () => Promise.reject(new Error('disk full')),
    findByKey: () => Promise.resolve(null),
    findDuplicate: () => Promise.resolve(null),
    list: () => Promise.resolve([]),
    earlierToMailbox: () => Promise.resolve(0),
  };

  it('answers a store failure with 503, Retry-After and the phone number (JSON and page)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    make({ store: failing });
    const json = await postJson(validBody(), 'k');
    expect(json.status).toBe(503);
    expect(json.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await json.json()).toEqual({ error: answers.unavailable(phone) });
    const page = await postForm(validForm());
    expect(page.status).toBe(503);
    const text = await page.text();
    expect(text).toContain(`href="${telHref(phone)}"`);
    expect(text).toContain(valuesKeptNote);
    expectFormFilledWith(text, validForm());
  });

  it('still gives the id when the notifier fails: the lead is stored, undelivered', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    make({ notifyFails: true });
    const id = await idOf(await postJson(validBody(), 'k'));
    expect((await rows())[0]).toMatchObject({ id });
  });
});
