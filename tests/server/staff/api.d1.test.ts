// The staff API (server/staff/api.ts) on the Worker's app over a real local D1: every credential
// opens it and names who did what, nothing answers without one, one brand's leads only, stage
// changes once per Idempotency-Key, bad input refused in Japanese with nothing changed.
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { messages } from '../../../server/http/messages';
import type { Env } from '../../../server/env';
import type { BrandId } from '../../../src/brand/brands';
import { newLead } from '../../factories/estimate';
import { notFoundPage, siteOf, workerOnD1, withD1Down } from '../worker';

const secret = 'staff-secret-for-tests-0123456789abcdef';
const now = '2026-11-25T01:00:00.000Z';
const worker = workerOnD1({ start: now, env: { STAFF_SECRET: secret } });
const lead = newLead({ brand: 'yamada' });

beforeEach(async () => {
  await worker.reset();
  await worker.leads.insert(lead, '');
});

function call(
  path: string,
  init: RequestInit & { brand?: BrandId; auth?: string | null; env?: Env } = {},
): Promise<Response> {
  const { brand = 'yamada', auth, ...request } = init;
  const headers = new Headers(request.headers);
  if (auth !== null) headers.set('Authorization', `Bearer ${auth ?? secret}`);
  return worker.fetch(path, { ...request, brand, headers });
}

const leadPath = `/api/staff/leads/${lead.id}`;
const stagesPath = `${leadPath}/stages`;

function postStage(
  body: unknown,
  key = 'key-1',
  init: { brand?: BrandId; auth?: string | null; headers?: Record<string, string> } = {},
) {
  return call(stagesPath, {
    ...init,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, ...init.headers },
    body: JSON.stringify(body),
  });
}

const booking = { stage: 'booked', bookedFor: '2026-12-19T10:00', shop: '本店' };
const history = async () => (await worker.staff.lead('yamada', lead.id))?.history;

describe('who may use the staff API', () => {
  it('answers 401 without a valid credential, naming no lead and changing nothing', async () => {
    for (const auth of [null, 'wrong', `${secret}x`]) {
      const read = await call(leadPath, { auth });
      expect(read.status).toBe(401);
      expect(read.headers.get('www-authenticate')).toBe('Bearer');
      expect(await read.json()).toEqual({ error: messages.unauthorized });
      const posted = await postStage(booking, `k-${auth}`, { auth });
      expect(posted.status).toBe(401);
      expect(await posted.text()).not.toContain(lead.id);
    }
    expect(await history()).toEqual([]);
    // Only the wrong Bearer tries are audited (a missing credential guesses nothing).
    expect((await worker.staff.auditLog('yamada', 10)).map((entry) => entry.action)).toEqual(
      Array(4).fill('signInFailed'),
    );
  });

  it('throttles wrong Bearer tries per client with a Japanese 429, and audits each', async () => {
    for (let i = 0; i < 10; i += 1)
      expect((await call(leadPath, { auth: `guess-${i}` })).status).toBe(401);
    const throttled = await call(leadPath);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('600');
    expect(await throttled.json()).toEqual({
      error:
        'サインインの失敗が続いたため、受け付けを一時停止しています。10分ほどおいてもう一度お試しください',
    });
    const audited = await worker.staff.auditLog('yamada', 20);
    expect(audited).toHaveLength(10);
    expect(audited[0]).toMatchObject({ actor: 'Bearer（認証失敗）', action: 'signInFailed' });
    expect((await call(leadPath, { brand: 'carsupport' })).status).toBe(404);
  });

  it('opens with the Bearer secret and logs who read which lead', async () => {
    const answer = await call(leadPath);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toMatchObject({
      id: lead.id,
      brand: 'yamada',
      stage: { stage: 'new', progress: 0 },
      stages: [],
      deliveries: [],
      request: { customer: { lastName: '山田' } },
    });
    expect(await worker.staff.auditLog('yamada', 10)).toEqual([
      { brand: 'yamada', at: now, actor: '共有キー', action: 'view', target: lead.id },
    ]);
  });

  it('opens with the sign-in page’s session cookie, in the signed-in person’s name', async () => {
    const site = siteOf('yamada');
    const signIn = await worker.fetch('/staff/login', {
      brand: 'yamada',
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site },
      body: new URLSearchParams({ name: '佐藤', secret }).toString(),
    });
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    const answer = await postStage(booking, 'cookie', {
      auth: null,
      headers: { Cookie: cookie, Origin: site },
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ change: { actor: '佐藤' } });
  });

  describe('behind Cloudflare Access', () => {
    const teamDomain = 'shop-team.cloudflareaccess.com';
    const certs = `https://${teamDomain}/cdn-cgi/access/certs`;
    let accessEnv: Env;
    let keys: { keys: unknown[] };
    let token: (email: string, audience?: string) => Promise<string>;

    beforeAll(async () => {
      const { publicKey, privateKey } = await generateKeyPair('RS256');
      keys = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] };
      token = (email, audience = 'aud-of-yamada') =>
        new SignJWT({ email })
          .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
          .setIssuer(`https://${teamDomain}`)
          .setAudience(audience)
          .setIssuedAt(Math.floor(Date.parse(now) / 1000))
          .setExpirationTime(Math.floor(Date.parse(now) / 1000) + 300)
          .sign(privateKey);
      accessEnv = { ...worker.env, ACCESS_TEAM_DOMAIN: teamDomain, ACCESS_AUD: 'aud-of-yamada' };
    });

    beforeEach(() => {
      // The team's key set, as Access publishes it; every other request goes out as it would.
      const original = globalThis.fetch;
      vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
        new Request(input).url === certs
          ? Promise.resolve(Response.json(keys))
          : original(input, init),
      );
    });

    it('opens with the token Access signs, in the person’s name, and with nothing else', async () => {
      const withToken = async (assertion: string | null, auth: string | null = null) =>
        call(leadPath, {
          env: accessEnv,
          auth,
          headers: assertion === null ? {} : { 'Cf-Access-Jwt-Assertion': assertion },
        });
      expect((await withToken(await token('sato@shop.example'))).status).toBe(200);
      expect(await worker.staff.auditLog('yamada', 10)).toEqual([
        expect.objectContaining({ actor: 'sato@shop.example', action: 'view', target: lead.id }),
      ]);
      // Another application's token, none, or the shared secret once Access stands in front.
      expect((await withToken(await token('sato@shop.example', 'aud-of-x'))).status).toBe(401);
      expect((await withToken(null)).status).toBe(401);
      expect((await withToken(null, secret)).status).toBe(401);
    });
  });

  it('is not there without an access configured: the site’s 404 page', async () => {
    const off = { ...worker.env, STAFF_SECRET: undefined } as Env;
    const answer = await call(leadPath, { env: off });
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe(notFoundPage);
  });
});

describe('the staff API', () => {
  it("answers 404 for another brand's lead, read or changed, and for one that is not there", async () => {
    const other = await call(leadPath, { brand: 'carsupport' });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: messages.notFound });
    expect((await postStage(booking, 'k', { brand: 'carsupport' })).status).toBe(404);
    expect((await call('/api/staff/leads/261124-ZZZZZZZZ')).status).toBe(404);
    expect(await history()).toEqual([]);
  });

  it('records a change once per Idempotency-Key, and sets its channels off once', async () => {
    const first = await postStage(booking);
    expect(first.status).toBe(201);
    const body: unknown = await first.json();
    expect(body).toMatchObject({
      change: {
        stage: 'booked',
        bookedFor: '2026-12-19T10:00+09:00',
        shop: '本店',
        actor: '共有キー',
        at: now,
      },
    });
    const replay = await postStage(booking);
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(body);
    const reused = await postStage({ ...booking, shop: '別店' });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({
      error: messages.keyReused,
      code: 'idempotency-key-reused',
    });
    expect(await history()).toHaveLength(1);
    expect((await worker.staff.lead('yamada', lead.id))?.stage).toMatchObject({
      stage: 'booked',
      shop: '本店',
      progress: 2,
    });
    // The 予約確定 mail is queued once; the ad platforms are not configured here.
    expect(worker.queued).toEqual([{ id: lead.id, channel: 'bookingMail' }]);
    expect(
      (await worker.staff.auditLog('yamada', 10)).filter((entry) => entry.action === 'stage'),
    ).toEqual([{ brand: 'yamada', at: now, actor: '共有キー', action: 'stage', target: lead.id }]);
  });

  it('records one change and queues one 予約確定 mail for 20 identical posts at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => postStage(booking)));
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(bodies).size).toBe(1);
    expect(await history()).toHaveLength(1);
    expect(worker.queued).toEqual([{ id: lead.id, channel: 'bookingMail' }]);
  });

  it('keeps a corrected mistake in the history, both changes with who and when', async () => {
    await postStage({ stage: 'completed', amount: 54321 }, 'a');
    worker.clock.advance(60_000);
    await postStage(booking, 'b');
    const read = await worker.staff.lead('yamada', lead.id);
    expect(read?.history.map((change) => [change.stage, change.actor, change.at])).toEqual([
      ['completed', '共有キー', now],
      ['booked', '共有キー', '2026-11-25T01:01:00.000Z'],
    ]);
    expect(read?.stage).toMatchObject({ stage: 'booked', progress: 2 });
    const answer = await call(leadPath);
    expect(await answer.json()).toMatchObject({
      stage: { stage: 'booked' },
      stages: [{ stage: 'completed', amount: 54321 }, { stage: 'booked' }],
    });
  });

  it('refuses bad input with a Japanese 422 and changes nothing', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ stage: 'completed', amount: -1 }, 'amount', /0以上10,000,000以下の整数/],
      [{ stage: 'completed', amount: 1.5 }, 'amount', /0以上10,000,000以下の整数/],
      [{ stage: 'booked', shop: '本店' }, 'bookedFor', /入庫日時が必要/],
      [
        { stage: 'booked', bookedFor: '2026-02-30T10:00', shop: '本店' },
        'bookedFor',
        /実在する日時/,
      ],
      [{ stage: 'excluded', reason: 'そのほか' }, 'reason', /いたずら・重複/],
      [{ stage: 'new' }, 'stage', /段階を選んでください/],
    ];
    for (const [index, [body, field, message]] of cases.entries()) {
      const answer = await postStage(body, `bad-${index}`);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      const { errors } = (await answer.json()) as { errors: Record<string, string> };
      expect(errors[field]).toMatch(message);
    }
    expect(await history()).toEqual([]);
    expect(worker.queued).toEqual([]);
  });

  it('answers what is not a keyed JSON post with 400, 415 or 405, changing nothing', async () => {
    const post = (headers: Record<string, string>, body: string) =>
      call(stagesPath, { method: 'POST', headers, body });
    const json = { 'Content-Type': 'application/json' };
    const deep = `{"stage":"contacted","extra":${'['.repeat(15_000)}${']'.repeat(15_000)}}`;
    const tooDeep = await post({ ...json, 'Idempotency-Key': 'deep' }, deep);
    expect(tooDeep.status).toBe(400);
    expect(await tooDeep.json()).toEqual({ error: messages.invalidJson });
    const noKey = await post(json, JSON.stringify(booking));
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toEqual({ error: messages.idempotencyKey });

    const form = await post(
      { 'Content-Type': 'application/x-www-form-urlencoded', 'Idempotency-Key': 'form' },
      new URLSearchParams(booking).toString(),
    );
    expect(form.status).toBe(415);
    expect(form.headers.get('accept')).toBe('application/json');
    expect(await form.json()).toEqual({ error: messages.jsonOnly });

    const got = await call(stagesPath);
    expect(got.status).toBe(405);
    expect(got.headers.get('allow')).toBe('POST');
    const posted = await call(leadPath, { method: 'POST', headers: json, body: '{}' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
    expect(await history()).toEqual([]);
  });

  it('refuses a post from another site with 403, and takes one from a tool that names none', async () => {
    const answer = await postStage(booking, 'x', { headers: { Origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({ error: messages.crossSite });
    expect(await history()).toEqual([]);
    expect((await postStage(booking, 'crm')).status).toBe(201);
  });

  it('answers 503 in Japanese, not a stack trace, when the store cannot answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const answer = await call(leadPath, { env: withD1Down(worker.env) });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ error: messages.staffUnavailable });
  });
});
