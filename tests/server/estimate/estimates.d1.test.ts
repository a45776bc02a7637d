// POST /api/estimates with JSON on the Worker over a real local D1: what is stored, what is refused
// and in which words, on each brand's host.
import { brandMismatchMessage, messages } from '../../../server/http/messages';
import type { Env } from '../../../server/env';
import { brands } from '../../../src/brand/brands';
import { clickIdParams } from '../../../src/tracking/trackingFields';
import { validRequest } from '../../factories/estimate';
import { siteOf, workerOnD1, withD1Down } from '../worker';

const worker = workerOnD1();
beforeEach(() => worker.reset());

function validBody() {
  return validRequest('yamada', {
    entryPoint: 'simple-form-1',
    tracking: { source: 'google', campaign: 'spring' },
  });
}

/** The host each brand's site is served on; the API takes requests for that brand only. */
const hosts = {
  yamada: new URL(siteOf('yamada')).host,
  carsupport: new URL(siteOf('carsupport')).host,
};

function post(
  body: unknown,
  key: string | null = 'key-1',
  options: { host?: string; contentType?: string | null; env?: Env } = {},
) {
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  return worker.fetch('/api/estimates', {
    method: 'POST',
    host: options.host ?? hosts.yamada,
    ...(options.env && { env: options.env }),
    headers: {
      ...(contentType === null ? {} : { 'Content-Type': contentType }),
      ...(key === null ? {} : { 'Idempotency-Key': key }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Every answer is JSON, never cached, never sniffed. */
function expectJsonHeaders(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

async function storedLines() {
  return [...(await worker.stored('yamada')), ...(await worker.stored('carsupport'))];
}

describe('POST /api/estimates', () => {
  it('accepts a valid request: 201 {id} and one normalised lead', async () => {
    const response = await post(validBody());

    expect(response.status).toBe(201);
    expectJsonHeaders(response);
    const { id } = (await response.json()) as { id: string };
    // A receipt id read out on the phone: the day in Japan and 8 unambiguous characters.
    expect(id).toMatch(/^\d{6}-[0-9A-HJKMNP-TV-Z]{8}$/);

    const lines = await storedLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id, idempotencyKey: 'key-1' });
    expect(lines[0]?.receivedAt).toBe(worker.clock.now.toISOString());
    expect(lines[0]).toMatchObject({ brand: 'yamada', suspectedSpam: false });
    expect(lines[0]?.request).toMatchObject({
      brand: 'yamada',
      vehicle: { postalCode: '1234567' },
      customer: { phone: '09012345678', lastNameKana: 'ヤマダ' },
      tracking: { source: 'google', campaign: 'spring' },
    });
  });

  it('answers 422 with messages keyed by the form’s field paths, storing nothing', async () => {
    const body = validBody();
    body.customer.phone = '123';
    body.customer.email = '';
    body.consent = false;

    const response = await post(body);

    expect(response.status).toBe(422);
    expectJsonHeaders(response);
    expect(await response.json()).toEqual({
      errors: {
        'customer.phone': '電話番号は市外局番から10桁または11桁で入力してください',
        'customer.email': 'メールアドレスを入力してください',
        consent: '個人情報の取り扱いに同意してください',
      },
    });
    expect(await storedLines()).toEqual([]);
  });

  it('needs an Idempotency-Key: 400', async () => {
    const response = await post(validBody(), null);
    expect(response.status).toBe(400);
    expect(await storedLines()).toEqual([]);
  });

  it('answers invalid JSON with 400', async () => {
    const response = await post('{"brand":', 'key-json');
    expect(response.status).toBe(400);
    expectJsonHeaders(response);
    expect(await response.json()).toEqual({ error: messages.invalidJson });
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const response = await worker.fetch('/api/estimates', { host: hosts.yamada });
    expect(response.status).toBe(405);
    expectJsonHeaders(response);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers a store that fails with 503, the phone number and Retry-After', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await post(validBody(), 'key-down', {
      env: withD1Down(worker.env),
    });
    expect(response.status).toBe(503);
    expectJsonHeaders(response);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toEqual({ error: messages.unavailable(brands.yamada.phone) });
    expect(await storedLines()).toEqual([]);
  });
});

describe('POST /api/estimates with hostile or mistaken input', () => {
  const valid = validBody;
  const without = (key: string) => {
    const body: Record<string, unknown> = valid();
    delete body[key];
    return body;
  };

  // Every body here gets 400 (not JSON) or 422 (a Japanese message per field), never a 500,
  // never a stack trace in the answer or the log, and nothing is stored.
  const hostile: [string, string, 400 | 422][] = [
    ['{}', '{}', 422],
    ['{"vehicle":null}', '{"vehicle":null}', 422],
    ['vehicle null', JSON.stringify({ ...valid(), vehicle: null }), 422],
    ['customer null', JSON.stringify({ ...valid(), customer: null }), 422],
    ['vehicle an array', JSON.stringify({ ...valid(), vehicle: [] }), 422],
    ['vehicle a string', JSON.stringify({ ...valid(), vehicle: 'N-BOX' }), 422],
    ['no vehicle', JSON.stringify(without('vehicle')), 422],
    ['no brand', JSON.stringify(without('brand')), 422],
    ['[]', '[]', 422],
    ['null', 'null', 422],
    ['a string', '"estimate"', 422],
    ['a number', '42', 422],
    [
      'wrong types everywhere',
      JSON.stringify({
        brand: 1,
        entryPoint: null,
        vehicle: { expiryYear: 2027, expiryMonth: [4], expiryDay: {}, maker: false },
        customer: { lastName: {}, phone: 9012345678, email: [] },
        request: { preferredDate1: 1, notes: { text: 'x' } },
        consent: 'yes',
        tracking: [1, 2],
      }),
      422,
    ],
    ['prototype keys', '{"__proto__":{"brand":"yamada"},"constructor":{"prototype":{}}}', 422],
    ['invalid JSON', '{"brand":', 400],
    ['empty body', '', 400],
    ['JSON with a trailing comma', '{"brand":"yamada",}', 400],
    ['NUL bytes', '\u0000\u0000', 400],
  ];

  it.each(hostile)('%s → %i', async (_name, body, status) => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});

    const response = await post(body, `key-${status}`);

    expect(response.status).toBe(status);
    expectJsonHeaders(response);
    const text = await response.text();
    expect(text).not.toMatch(/at \S+ \(|Error:|TypeError/);
    const answer = JSON.parse(text) as { error?: string; errors?: Record<string, string> };
    const messages = status === 400 ? [answer.error] : Object.values(answer.errors ?? {});
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).toMatch(/[ぁ-んァ-ヶ一-龠]/u);
    expect(errorLog).not.toHaveBeenCalled();
    expect(await storedLines()).toEqual([]);
  });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no content type', null],
  ])('refuses %s with 415: JSON, or the form’s own urlencoded post', async (_n, type) => {
    const response = await post(valid(), 'key-type', { contentType: type });

    expect(response.status).toBe(415);
    expectJsonHeaders(response);
    expect(await response.json()).toEqual({ error: messages.unsupportedMediaType });
    expect(await storedLines()).toEqual([]);
  });

  it('accepts application/json with a charset', async () => {
    const response = await post(valid(), 'key-charset', {
      contentType: 'Application/JSON; charset=utf-8',
    });
    expect(response.status).toBe(201);
  });

  it('stores text fields without control, bidi or zero-width characters and lone surrogates', async () => {
    const body = valid();
    body.customer.lastName = '山\u0000田\u202e';
    body.customer.firstName = '\u200b花子\ufeff';
    body.vehicle.model = 'N-BOX\u001b[31m';
    body.request = { courtesyCar: 'yes', notes: '午前\r\n希望\u2066\ud800' } as never;
    body.tracking = { source: 'goo\u0000gle\u202e', campaign: '\u200bspring' };

    const response = await post(body);

    expect(response.status).toBe(201);
    const [line] = await storedLines();
    expect(line?.request).toMatchObject({
      customer: { lastName: '山田', firstName: '花子' },
      vehicle: { model: 'N-BOX[31m' },
      request: { notes: '午前\n希望' },
      tracking: { source: 'google', campaign: 'spring' },
    });
  });

  it('answers 422 at the name for a name that is only a zero-width space', async () => {
    const body = valid();
    body.customer.lastName = '\u200b';

    const response = await post(body);

    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: { 'customer.lastName': 'お名前（姓）を入力してください' },
    });
  });

  it('stores every click id under its own name, and lp_entry_url with its attribution only', async () => {
    const body = valid();
    const clickIds = Object.fromEntries(clickIdParams.map((param) => [param, `${param}-1`]));
    body.tracking = {
      ...clickIds,
      gaid: 'g-1',
      lp_entry_url: '/?utm_source=ad&email=a%40example.com&token=secret&yclid=yclid-1',
    } as never;

    expect((await post(body)).status).toBe(201);

    const [line] = await storedLines();
    expect(line?.request.tracking).toEqual({
      ...clickIds,
      gaid: 'g-1',
      lp_entry_url: '/?utm_source=ad&yclid=yclid-1',
    });
  });
});

describe('POST /api/estimates keeps names as written', () => {
  it.each([
    ['yamada', hosts.yamada],
    ['carsupport', hosts.carsupport],
  ] as const)(
    'stores 塚 (U+FA10), ㍿ × 30 and an emoji family unchanged on %s',
    async (brand, host) => {
      const body = validBody();
      body.customer.lastName = '\ufa10本';
      body.customer.firstName = '㍿'.repeat(30);
      body.vehicle.model = '👨‍👩‍👧 号';

      expect((await post({ ...body, brand }, `key-names-${brand}`, { host })).status).toBe(201);

      const [line] = await storedLines();
      expect(line?.request).toMatchObject({
        customer: { lastName: '\ufa10本', firstName: '㍿'.repeat(30) },
        vehicle: { model: '👨‍👩‍👧 号' },
      });
    },
  );

  it('answers 422 with the limit and the count for an over-long 備考', async () => {
    const body = validBody();
    body.request = { notes: 'あ'.repeat(10_000) } as never;

    const response = await post(body, 'key-long-notes');

    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: { 'request.notes': '備考は1000文字以内で入力してください（現在10000文字）' },
    });
  });
});

describe('POST /api/estimates with tossed tracking values', () => {
  it.each([
    ['yamada', hosts.yamada],
    ['carsupport', hosts.carsupport],
  ] as const)('stores the %s lead without the values outside their shape', async (brand, host) => {
    const tracking = {
      gaid: '=HYPERLINK("https://evil.example","x")',
      fbclid: '<img src=x onerror=alert(1)>',
      source: '<b>x</b>',
      campaign: '-1+1',
      lp_entry_url: '/\\evil.example',
      estimate_generated_url: '/term',
    };
    const body = { ...validBody(), brand, tracking };

    expect((await post(body, `key-toss-${brand}`, { host })).status).toBe(201);

    const [line] = await storedLines();
    expect(line?.request.tracking).toEqual({
      estimate_generated_url: '/term',
    });
  });
});

describe('POST /api/estimates on each brand’s host', () => {
  it.each([
    ['yamada', hosts.yamada],
    ['yamada', 'www.yamada-shaken.com'],
    ['carsupport', hosts.carsupport],
    ['carsupport', 'www.carsupport.com'],
  ] as const)('accepts a %s request posted to %s', async (brand, host) => {
    const response = await post({ ...validBody(), brand }, 'key-host', { host });

    expect(response.status).toBe(201);
    expect((await storedLines())[0]?.request).toMatchObject({ brand });
  });

  it.each([
    ['carsupport', hosts.yamada, 'yamada'],
    ['yamada', hosts.carsupport, 'carsupport'],
    ['yamada', 'www.carsupport.com', 'carsupport'],
    ['yamada', '127.0.0.1:4173', 'carsupport'],
  ] as const)(
    'refuses a %s request posted to %s with 422 at brand',
    async (brand, host, hostBrand) => {
      const response = await post({ ...validBody(), brand }, 'key-other', { host });

      expect(response.status).toBe(422);
      expectJsonHeaders(response);
      expect(await response.json()).toEqual({ errors: { brand: brandMismatchMessage(hostBrand) } });
      expect(brandMismatchMessage(hostBrand)).toMatch(/のお見積もりのみ受け付けています$/u);
      expect(await storedLines()).toEqual([]);
    },
  );

  it('adds the brand message to the other field messages', async () => {
    const body = { ...validBody(), brand: 'carsupport', consent: false };

    const response = await post(body, 'key-both', { host: hosts.yamada });

    expect(await response.json()).toEqual({
      errors: {
        consent: '個人情報の取り扱いに同意してください',
        brand: brandMismatchMessage('yamada'),
      },
    });
  });

  it('keeps Idempotency-Keys apart per brand', async () => {
    const yamada = await post(validBody(), 'shared', { host: hosts.yamada });
    const carsupport = await post({ ...validBody(), brand: 'carsupport' }, 'shared', {
      host: hosts.carsupport,
    });

    expect(yamada.status).toBe(201);
    expect(carsupport.status).toBe(201);
    expect(await carsupport.json()).not.toEqual(await yamada.json());
    expect(await storedLines()).toHaveLength(2);
  });
});
