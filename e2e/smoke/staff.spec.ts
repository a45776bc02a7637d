// The staff routes on Cloudflare's runtime (workerd, D1, the queue, the send_email binding): a
// stage change through the staff API sends the visitor one 予約確定 mail with its calendar file,
// and carsupport's Worker, behind Cloudflare Access, takes a token signed by the team's key set
// (served here as Access serves it) and refuses any other. The rules themselves are unit-tested
// (tests/server/staff/).
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { honeypotField } from '../../src/estimate/contract/validation/estimateSchema';
import { mailsOf, selectedEngines, smokeApi } from './engines';
import { call, client, cloudflareOnly, idOf, lead, postJson, postStage } from './workerApi';

test.describe.configure({ mode: 'serial' });

let keys: Server;
let privateKey: CryptoKey;
const issuer = `http://127.0.0.1:${smokeApi.accessPort}`;

test.beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'smoke', alg: 'RS256', use: 'sig' };
  keys = createServer((req, res) => {
    res.writeHead(req.url === '/cdn-cgi/access/certs' ? 200 : 404, {
      'Content-Type': 'application/json',
    });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => keys.listen(smokeApi.accessPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => keys?.close(resolve));
});

function accessToken(claims: Record<string, unknown>, audience = smokeApi.accessAudience) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'smoke' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

const poll = { timeout: 30_000, intervals: [250, 500, 1000] };

/**
 * A lead with the honeypot filled: queued for no webhook and no ad platform (whose receivers run
 * only with api.spec.ts), and mailed its 予約確定 only once staff have recorded 連絡済み.
 */
const markedLead = (brand: 'yamada' | 'carsupport', email?: string) => ({
  ...lead(brand, email ? { email } : {}),
  [honeypotField]: 'x',
});

test.beforeEach(() => {
  test.skip(
    test.info().project.name !== 'cloudflare' ||
      !selectedEngines().some((engine) => engine.name === 'cloudflare'),
    cloudflareOnly,
  );
});

const booking = { stage: 'booked', bookedFor: '2027-01-20T10:30', shop: '渋谷店' };

test('a booking recorded through the staff API mails the visitor once, with a calendar file', async () => {
  const email = `b${randomUUID().slice(0, 8)}@example.com`;
  const id = idOf(await postJson('yamada', markedLead('yamada', email), { ip: client() }));
  const stage = (key: string, body: object = booking) => postStage('yamada', id, key, body);
  expect((await stage('called', { stage: 'contacted' })).status).toBe(201);
  const first = await stage('one');
  expect(first.status, first.body).toBe(201);
  expect((await stage('one')).body).toBe(first.body);
  // The same booking under a new key records a change and sends nothing more.
  expect((await stage('two')).status).toBe(201);
  await expect
    .poll(async () => (await mailsOf('yamada', id)).filter((mail) => mail.kind === 'booking'), poll)
    .toHaveLength(1);
  const [mail] = (await mailsOf('yamada', id)).filter((mail) => mail.kind === 'booking');
  expect(mail?.to).toEqual([email]);
  expect(mail?.subject).toContain('2027年1月20日（水）10:30 渋谷店');
  const read = await call('yamada', {
    path: `/api/staff/leads/${id}`,
    headers: { Authorization: `Bearer ${smokeApi.staffSecret}` },
  });
  const body = JSON.parse(read.body) as {
    stage: { stage: string };
    stages: unknown[];
    deliveries: { channel: string; state: string }[];
  };
  expect(body.stage.stage).toBe('booked');
  expect(body.stages).toHaveLength(3);
  await expect
    .poll(async () => {
      const again = await call('yamada', {
        path: `/api/staff/leads/${id}`,
        headers: { Authorization: `Bearer ${smokeApi.staffSecret}` },
      });
      const { deliveries } = JSON.parse(again.body) as typeof body;
      return deliveries.find((delivery) => delivery.channel === 'bookingMail')?.state;
    }, poll)
    .toBe('sent');
});

test('behind Cloudflare Access: a token of the team and application opens, any other is refused', async () => {
  const id = idOf(await postJson('carsupport', markedLead('carsupport'), { ip: client() }));
  const read = (headers: Record<string, string>) =>
    call('carsupport', { path: `/api/staff/leads/${id}`, headers });
  const accepted = await read({
    'Cf-Access-Jwt-Assertion': await accessToken({ email: 'sato@shop.example' }),
  });
  expect(accepted.status, accepted.body).toBe(200);
  const changed = await call('carsupport', {
    method: 'POST',
    path: `/api/staff/leads/${id}/stages`,
    headers: {
      'Cf-Access-Jwt-Assertion': await accessToken({ common_name: 'crm.example' }),
      'Content-Type': 'application/json',
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({ stage: 'contacted' }),
  });
  expect(changed.status, changed.body).toBe(201);
  expect(JSON.parse(changed.body)).toMatchObject({
    change: { actor: 'サービストークン crm.example' },
  });
  const refused: Record<string, string>[] = [
    { 'Cf-Access-Jwt-Assertion': await accessToken({ email: 'a@x.example' }, 'another-app') },
    { 'Cf-Access-Jwt-Assertion': 'not-a-token' },
    // Access configured: the shared secret no longer opens anything.
    { Authorization: `Bearer ${smokeApi.staffSecret}` },
    {},
  ];
  for (const headers of refused) {
    const answer = await read(headers);
    expect(answer.status, JSON.stringify(headers)).toBe(401);
    expect(answer.body).not.toContain(id);
  }
});
