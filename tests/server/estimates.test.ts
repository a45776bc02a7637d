// Runs in the default jsdom environment (tests/setup.ts needs `document`); fetch is still Node's.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEstimatesHandler, maxBodyBytes } from '../../server/api/estimates';

let dir: string;
let file: string;
let server: Server;
let url: string;

async function start(options: { slowDelayMs?: number } = {}) {
  server = createServer(createEstimatesHandler({ file, ...options }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/estimates`;
}

async function stop() {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'estimates-'));
  // A folder that does not exist yet: the handler creates it.
  file = join(dir, 'data', 'estimates.jsonl');
  vi.stubEnv('ESTIMATES_MODE', undefined);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await stop();
  await rm(dir, { recursive: true, force: true });
});

function validBody() {
  return {
    brand: 'yamada',
    entryPoint: 'simple-form-1',
    vehicle: {
      expiryYear: String(new Date().getFullYear() + 1),
      expiryMonth: '4',
      maker: 'ホンダ',
      model: 'N-BOX',
      postalCode: '１２３－４５６７',
    },
    customer: {
      lastName: '山田',
      firstName: '花子',
      lastNameKana: 'やまだ',
      firstNameKana: 'ハナコ',
      phone: '090-1234-5678',
      email: 'hanako@example.com',
    },
    request: { courtesyCar: 'yes' },
    consent: true,
    tracking: { source: 'google', campaign: 'spring' },
  };
}

function post(body: unknown, key: string | null = 'key-1', init: RequestInit = {}) {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(key === null ? {} : { 'Idempotency-Key': key }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

async function storedLines(): Promise<Record<string, unknown>[]> {
  try {
    const text = await readFile(file, 'utf8');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  } catch {
    return [];
  }
}

describe('POST /api/estimates', () => {
  it('accepts a valid request: 201 {id} and one normalised JSON line', async () => {
    await start();
    const response = await post(validBody());

    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const lines = await storedLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ id, idempotencyKey: 'key-1' });
    expect(Date.parse(String(lines[0]?.receivedAt))).not.toBeNaN();
    expect(lines[0]?.body).toMatchObject({
      brand: 'yamada',
      vehicle: { postalCode: '1234567' },
      customer: { phone: '09012345678', lastNameKana: 'ヤマダ' },
      tracking: { source: 'google', campaign: 'spring' },
    });
  });

  it('answers 422 with messages keyed by the form’s field paths, storing nothing', async () => {
    await start();
    const body = validBody();
    body.customer.phone = '123';
    body.customer.email = '';
    body.consent = false;

    const response = await post(body);

    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      errors: {
        'customer.phone': '電話番号は市外局番から10桁または11桁で入力してください',
        'customer.email': 'メールアドレスを入力してください',
        consent: '個人情報の取り扱いに同意してください',
      },
    });
    expect(await storedLines()).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the same id and stores nothing new', async () => {
    await start();
    const first = (await (await post(validBody(), 'same')).json()) as { id: string };
    const [second, third] = await Promise.all([
      post(validBody(), 'same'),
      post(validBody(), 'same'),
    ]);

    expect(second.status).toBe(201);
    expect(await second.json()).toEqual({ id: first.id });
    expect(await third.json()).toEqual({ id: first.id });
    expect(await storedLines()).toHaveLength(1);

    const other = await post(validBody(), 'other');
    expect(other.status).toBe(201);
    expect(await storedLines()).toHaveLength(2);
  });

  it('stores one copy when two requests with the same key arrive together', async () => {
    await start();
    const answers = await Promise.all([post(validBody(), 'race'), post(validBody(), 'race')]);
    const ids = await Promise.all(answers.map((r) => r.json()));

    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(ids[0]).toEqual(ids[1]);
    expect(await storedLines()).toHaveLength(1);
  });

  it('remembers the keys stored by an earlier run, skipping a torn line', async () => {
    await mkdir(join(dir, 'data'));
    await writeFile(
      file,
      `${JSON.stringify({ id: 'old-id', idempotencyKey: 'old', receivedAt: '', body: {} })}\n{"id":`,
    );
    await start();
    const old = await post(validBody(), 'old');
    expect(await old.json()).toEqual({ id: 'old-id' });

    const { id } = (await (await post(validBody(), 'persisted')).json()) as { id: string };
    await stop();

    await start();
    const again = await post(validBody(), 'persisted');

    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ id });
    expect((await readFile(file, 'utf8')).match(/"idempotencyKey":"persisted"/g)).toHaveLength(1);
  });

  it('needs an Idempotency-Key: 400', async () => {
    await start();
    const response = await post(validBody(), null);
    expect(response.status).toBe(400);
    expect(await storedLines()).toEqual([]);
  });

  it('answers invalid JSON with 400', async () => {
    await start();
    const response = await post('{"brand":', 'key-json');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Invalid JSON' });
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    await start();
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('refuses a body over 64 KB with 413', async () => {
    await start();
    const body = validBody();
    body.request = { courtesyCar: 'yes', notes: 'x'.repeat(maxBodyBytes) } as never;

    const response = await post(body, 'big');

    expect(response.status).toBe(413);
    expect(await storedLines()).toEqual([]);
  });

  it('answers 500 in ESTIMATES_MODE=fail', async () => {
    vi.stubEnv('ESTIMATES_MODE', 'fail');
    await start();
    const response = await post(validBody());
    expect(response.status).toBe(500);
    expect(await storedLines()).toEqual([]);
  });

  it('answers late in ESTIMATES_MODE=slow', async () => {
    vi.stubEnv('ESTIMATES_MODE', 'slow');
    await start({ slowDelayMs: 300 });
    const started = Date.now();
    const response = await post(validBody());
    expect(response.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});
