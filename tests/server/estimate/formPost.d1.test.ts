// The estimate form posted without JavaScript (application/x-www-form-urlencoded) to the Worker's
// app over a real local D1: what is stored, and the page the visitor reads after sending, as a
// browser reads it (jsdom): the receipt, or the form again with every value and message.
import { createHash } from 'node:crypto';
import { JSDOM } from 'jsdom';
import type { Env } from '../../../server/env';
import { maxBodyBytes } from '../../../server/http/body';
import { messages } from '../../../server/http/messages';
import { answerStyle, valuesKeptNote } from '../../../server/estimate/pages';
import { brands, telHref } from '../../../src/brand/brands';
import { adConsentNote } from '../../../src/content/externalTransmissionLink';
import { honeypotField } from '../../../src/estimate/contract/validation/estimateSchema';
import { validFormPost } from '../../factories/estimate';
import { siteOf, workerOnD1, withD1Down } from '../worker';

const worker = workerOnD1();
beforeEach(() => worker.reset());

const site = siteOf('yamada');
const phone = brands.yamada.phone;

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

/** A post to yamada's site from its own page (`headers` say where from), or with `env` instead. */
function postForm(
  fields: Record<string, string> | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = { Origin: site },
  env?: Env,
) {
  return worker.fetch('/api/estimates', {
    method: 'POST',
    brand: 'yamada',
    ...(env && { env }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: fields instanceof Uint8Array ? fields : new URLSearchParams(fields).toString(),
  });
}

function parse(page: string): Document {
  return new JSDOM(page).window.document;
}

/**
 * Every value of `form` is in the page's form, read as a browser reads it (a text's value, a
 * select's selected option, a radio or box checked), posting back to the API.
 */
function expectFormFilledWith(page: string, form: Record<string, string>): void {
  const document = parse(page);
  const posted = document.querySelector('form');
  expect(posted?.getAttribute('method')).toBe('post');
  expect(posted?.getAttribute('action')).toBe('/api/estimates');
  const values = new document.defaultView!.FormData(posted!);
  for (const [name, value] of Object.entries(form)) {
    expect(values.get(name) ?? '', name).toBe(name === 'consent' && value ? 'on' : value);
  }
}

/** The page's text as a reader gets it, spaces run together. */
function textOf(page: string): string {
  return (parse(page).body.textContent ?? '').replace(/\s+/g, ' ');
}

function expectPhoneLink(page: string): void {
  const link = parse(page).querySelector(`a[href="${telHref(phone)}"]`);
  expect(link?.textContent).toBe(phone);
}

describe('a native post accepted', () => {
  it('answers a page with 受付番号, the phone as tel: and a way home; stores the lead', async () => {
    const cookie = `_ga=GA1.1; tracking_data=${encodeURIComponent(
      JSON.stringify({ source: 'yahoo', lp_entry_url: '/?utm_source=yahoo&token=x' }),
    )}; other=1`;
    const response = await postForm(validForm(), { Origin: site, Cookie: cookie });

    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The page's one style sheet is allowed by its hash, and nothing else is.
    const csp = response.headers.get('content-security-policy');
    expect(csp).toMatch(/^default-src 'none'; style-src 'sha256-/);
    const styleHash = createHash('sha256').update(answerStyle).digest('base64');
    expect(csp).toContain(`'sha256-${styleHash}'`);
    const page = await response.text();
    expect(page).toContain(`<style>${answerStyle}</style>`);
    expect(page).not.toMatch(/<script|style="/u);

    const [lead] = await worker.stored('yamada');
    const document = parse(page);
    const receipt = [...document.querySelectorAll('p')].find((p) =>
      p.textContent?.startsWith('受付番号'),
    );
    expect(receipt?.textContent).toBe(`受付番号: ${lead?.id}`);
    expect(receipt?.querySelector('strong')?.textContent).toBe(lead?.id);
    expect(textOf(page)).toContain(brands.yamada.name);
    expectPhoneLink(page);
    expect(document.querySelector('a[href="/"]')).not.toBeNull();
    expect(lead?.request).toMatchObject({
      brand: 'yamada',
      entryPoint: 'price-check',
      quote: { vehicleClass: 'kei', roughTotal: 45000 },
      customer: { lastNameKana: 'ヤマダ', phone: '09012345678' },
      consent: true,
      tracking: { source: 'yahoo', lp_entry_url: '/?utm_source=yahoo' },
    });
    expect(worker.queued.length).toBeGreaterThan(0);
    expect(worker.queued.every((message) => 'id' in message && message.id === lead?.id)).toBe(true);
  });

  it('gives 50 concurrent posts of one content (a double submit, repeated) one row and one id', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => postForm(validForm())));
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201]));
    const leads = await worker.stored('yamada');
    expect(leads).toHaveLength(1);
    for (const response of responses) expect(await response.text()).toContain(leads[0]?.id);
  });

  it('accepts a post without Origin whose Referer is the site', async () => {
    const response = await postForm(validForm(), { Referer: `${site}/?utm_source=x` });
    expect(response.status).toBe(201);
    expect(await worker.stored('yamada')).toHaveLength(1);
  });

  it('marks a post whose honeypot autofill filled, and still accepts it', async () => {
    const response = await postForm({ ...validForm(), [honeypotField]: 'hanako.example.com' });
    expect(response.status).toBe(201);
    expect(await worker.stored('yamada')).toMatchObject([{ suspectedSpam: true }]);
  });
});

describe('a native post refused', () => {
  it('answers 422: every message, and the form again with the values, escaped', async () => {
    const form = {
      ...validForm(),
      'vehicle.model': '<script>alert(1)</script>"',
      'customer.phone': '123',
      'request.notes': '</textarea><img src=x onerror=alert(1)>',
    };
    delete (form as Record<string, string>).consent;

    const response = await postForm(form);

    expect(response.status).toBe(422);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    const text = textOf(page);
    expect(text).toContain('電話番号は市外局番から10桁または11桁で入力してください');
    expect(text).toContain('個人情報の取り扱いに同意してください');
    // Escaped: no markup of the visitor's in the page, each value back in its control as sent.
    expect(page).not.toContain('<script>');
    expect(page).not.toContain('<img');
    const document = parse(page);
    expect(document.querySelectorAll('script, img')).toHaveLength(0);
    expect(document.querySelector<HTMLInputElement>('#f-vehicle-model')?.value).toBe(
      '<script>alert(1)</script>"',
    );
    expect(document.querySelector('textarea')?.value).toBe(
      '</textarea><img src=x onerror=alert(1)>',
    );
    expectFormFilledWith(page, { ...form, consent: '' });
    const roughTotal = document.querySelector<HTMLInputElement>('[name="quote.roughTotal"]');
    expect(roughTotal?.type).toBe('hidden');
    // The consent names the provision to ad platforms, as the dialog's does, with its section.
    expect(text).toContain(adConsentNote);
    expect(document.querySelector('a[href="/privacypolicy#external-transmission"]')).not.toBeNull();
    const phoneInput = document.querySelector('#f-customer-phone');
    expect(phoneInput?.getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('#f-vehicle-postalCode')?.getAttribute('inputmode')).toBe(
      'numeric',
    );
    expectPhoneLink(page);
    expect(await worker.stored('yamada')).toEqual([]);
  });

  it('cuts nothing: no maxlength, the over-long text kept with its count', async () => {
    const notes = 'あ'.repeat(1200);
    const response = await postForm({ ...validForm(), 'request.notes': notes });

    expect(response.status).toBe(422);
    const page = await response.text();
    const document = parse(page);
    expect(document.querySelectorAll('[maxlength]')).toHaveLength(0);
    const textarea = document.querySelector<HTMLTextAreaElement>('#f-request-notes');
    expect(textarea?.name).toBe('request.notes');
    expect(textarea?.rows).toBe(5);
    expect(textarea?.value).toBe(notes);
    expect(textOf(page)).toContain('（現在1200文字）');
  });

  it('keeps every value sent in the form', async () => {
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
      // The other scheme, and the other brand's site.
      { Origin: site.replace(/^http:/, 'https:') },
      { Origin: siteOf('carsupport') },
      { Referer: 'https://evil.example/form' },
      {},
    ] as Record<string, string>[]) {
      const response = await postForm(validForm(), headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(textOf(await response.text())).toContain(messages.crossSite);
    }
    expect(await worker.stored('yamada')).toEqual([]);
  });

  it('refuses a body over 64 KB with a 413 page in Japanese', async () => {
    const response = await postForm({ ...validForm(), 'request.notes': 'x'.repeat(maxBodyBytes) });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(textOf(await response.text())).toContain(messages.tooLarge);
    expect(await worker.stored('yamada')).toEqual([]);
  });

  it('refuses a post that is not UTF-8 with a 400 page, storing nothing', async () => {
    const encoder = new TextEncoder();
    // "山田" with its last byte cut, then a byte no UTF-8 sequence starts with.
    const broken = [0xe5, 0xb1, 0xb1, 0xe7, 0x94, 0xff];
    const body = new Uint8Array([
      ...encoder.encode(`${new URLSearchParams(validForm())}&vehicle.model=`),
      ...broken,
    ]);

    const response = await postForm(body);

    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(textOf(await response.text())).toContain(messages.invalidJson);
    expect(await worker.stored('yamada')).toEqual([]);
  });
});

describe('a native post that cannot be taken now', () => {
  /** The page of a 429 or 503: the reason, the phone, and the form again as it was sent. */
  async function expectRetryPage(response: Response) {
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await response.text();
    expectPhoneLink(page);
    expect(textOf(page)).toContain(valuesKeptNote);
    expectFormFilledWith(page, validForm());
  }

  it('answers a post over the rate limit with a page giving the phone number', async () => {
    const limited = { ...worker.env, ESTIMATES_RATE_LIMIT: '1' };
    expect(
      (await postForm({ ...validForm(), 'vehicle.model': 'FIT' }, undefined, limited)).status,
    ).toBe(201);
    const refused = await postForm(validForm(), undefined, limited);
    expect(refused.status).toBe(429);
    await expectRetryPage(refused);
  });

  it('answers a store failure with a 503 page giving the phone number', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await postForm(validForm(), undefined, withD1Down(worker.env));
    expect(response.status).toBe(503);
    await expectRetryPage(response);
  });
});
