// The local origin serving the estimate API over HTTP: the site's origin taken from Host for the
// native post, the rate limit setting and the CSV export behind EXPORT_SECRET.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrigin, type OriginOptions } from '../../server/node/origin';
import { httpRequest, type HttpAnswer } from './httpRequest';
import { brandIds, brands } from '../../src/brand/brands';
import { tokyoToday } from '../../src/lib/tokyoTime';
import { validFormPost } from '../factories/estimate';
import { writePostalFiles } from '../factories/postal';

let dir: string;
let server: Server | undefined;
let port: number;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'local-api-'));
  // The postal files of the leads' codes (123-4567, 150-0001), as the build writes every tree's.
  for (const brand of brandIds) await writePostalFiles(join(dir, brand), ['12', '15']);
});

afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  }
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Partial<OriginOptions> = {}) {
  server = createServer(
    createOrigin({ distDir: dir, estimatesFile: join(dir, 'estimates.jsonl'), ...options }),
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}

function send(
  path: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<HttpAnswer> {
  return httpRequest(port, path, opts);
}

const yamadaHost = 'yamada-shaken.localhost:4173';

function form(model = 'N-BOX', postalCode = '123-4567'): string {
  return new URLSearchParams({
    ...validFormPost('yamada', {
      entryPoint: 'header',
      vehicle: { model, postalCode },
      request: {},
    }),
    homepage: '',
  }).toString();
}

function postForm(origin: string, body = form()) {
  return send('/api/estimates', {
    method: 'POST',
    headers: {
      Host: yamadaHost,
      Origin: origin,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  });
}

describe('the local origin’s estimate API', () => {
  it('takes a native post from the Host’s own origin, and refuses another origin', async () => {
    await start();
    const accepted = await postForm(`http://${yamadaHost}`);
    expect(accepted.status).toBe(201);
    expect(accepted.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(accepted.body).toContain('受付番号');
    expect(accepted.body).toContain(brands.yamada.phone);

    const refused = await postForm('http://localhost:4173');
    expect(refused.status).toBe(403);
  });

  it('applies ESTIMATES_RATE_LIMIT (newLeadsPerWindow) per address', async () => {
    await start({ newLeadsPerWindow: 2 });
    const origin = `http://${yamadaHost}`;
    expect((await postForm(origin, form('A'))).status).toBe(201);
    expect((await postForm(origin, form('B'))).status).toBe(201);
    const refused = await postForm(origin, form('C'));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('serves the CSV export only with EXPORT_SECRET, and only to its bearer, areas from the tree', async () => {
    const path = `/api/estimates.csv?from=${tokyoToday()}&to=${tokyoToday()}`;
    const headers = { Host: yamadaHost };
    await start();
    expect((await send(path, { headers })).status).toBe(404);
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));

    await start({ exportSecret: 'local-secret' });
    expect((await postForm(`http://${yamadaHost}`, form('N-BOX', '150-0001'))).status).toBe(201);
    expect((await send(path, { headers })).status).toBe(401);
    const listed = await send(path, {
      headers: { ...headers, Authorization: 'Bearer local-secret' },
    });
    expect(listed.status).toBe(200);
    expect(listed.body).toContain('山田 花子');
    expect(listed.body).toContain('〒150-0001 東京都渋谷区');
  });
});
