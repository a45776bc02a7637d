// Who may open the staff's pages and API (server/staff/auth.ts): the Access token verified by
// the code production runs, against a local key set; the shared secret and its session cookie.
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import {
  sessionCookieName,
  signIn,
  staffAccessOf,
  staffActor,
  type StaffAccess,
} from '../../../server/staff/auth';

const issuer = 'https://shop-team.cloudflareaccess.com';
const audience = 'aud-of-yamada';
let access: StaffAccess;
let sign: (
  payload: JWTPayload,
  options?: { aud?: string; iss?: string; exp?: number },
) => Promise<string>;
let foreignKeyToken: string;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' };
  access = staffAccessOf(
    { teamDomain: 'shop-team.cloudflareaccess.com', audience },
    createLocalJWKSet({ keys: [jwk] }),
  )!;
  sign = (payload, options = {}) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(options.iss ?? issuer)
      .setAudience(options.aud ?? audience)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '5m')
      .sign(privateKey);
  const other = await generateKeyPair('RS256');
  foreignKeyToken = await new SignJWT({ email: 'x@example.com' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setExpirationTime('5m')
    .sign(other.privateKey);
});

const withToken = (token: string | null, headers: Record<string, string> = {}) =>
  new Request('https://yamada.example/staff', {
    headers: token ? { 'Cf-Access-Jwt-Assertion': token, ...headers } : headers,
  });

describe('staff access through Cloudflare Access', () => {
  it("takes a person's email, or a service token's common name, as the actor", async () => {
    expect(
      await staffActor(withToken(await sign({ email: 'sato@shop.example' })), access, 'yamada'),
    ).toEqual({
      actor: 'sato@shop.example',
      via: 'access',
    });
    expect(
      await staffActor(withToken(await sign({ common_name: 'crm.example' })), access, 'yamada'),
    ).toEqual({
      actor: 'サービストークン crm.example',
      via: 'access',
    });
  });

  it("refuses another application's, another team's, an expired or a forged token, and none", async () => {
    const refused = [
      await sign({ email: 'a@shop.example' }, { aud: 'aud-of-carsupport' }),
      await sign({ email: 'a@shop.example' }, { iss: 'https://other.cloudflareaccess.com' }),
      await sign({ email: 'a@shop.example' }, { exp: Math.floor(Date.now() / 1000) - 60 }),
      foreignKeyToken,
      'not-a-token',
    ];
    for (const token of refused)
      expect(await staffActor(withToken(token), access, 'yamada')).toBeNull();
    expect(await staffActor(withToken(null), access, 'yamada')).toBeNull();
  });

  it('ignores the shared secret once Access is configured', async () => {
    const both = staffAccessOf(
      {
        teamDomain: 'shop-team.cloudflareaccess.com',
        audience,
        secret: 's3cret-0123456789abcdef0123456789',
      },
      createLocalJWKSet({ keys: [] }),
    )!;
    const request = withToken(null, { Authorization: 'Bearer s3cret-0123456789abcdef0123456789' });
    expect(await staffActor(request, both, 'yamada')).toBeNull();
  });
});

describe('staff access through the shared secret', () => {
  const secretAccess = staffAccessOf({ secret: 's3cret-0123456789abcdef0123456789' })!;

  it('is off with nothing configured, and with a secret shorter than 32 characters', () => {
    expect(staffAccessOf({})).toBeNull();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(staffAccessOf({ secret: 'x'.repeat(31) })).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('shorter than 32'));
    expect(staffAccessOf({ secret: 'x'.repeat(32) })).toEqual({
      kind: 'secret',
      secret: 'x'.repeat(32),
    });
  });

  it('turns the secret into a host-only session cookie for one brand, naming the person', async () => {
    expect(await signIn(secretAccess, 'wrong', '佐藤', 'yamada', new Date())).toBeNull();
    const cookie = await signIn(
      secretAccess,
      's3cret-0123456789abcdef0123456789',
      '佐藤',
      'yamada',
      new Date(),
    );
    expect(cookie).toMatch(
      new RegExp(
        `^${sessionCookieName}=[^;]+; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=43200$`,
      ),
    );
    const value = cookie!.split(';')[0]!;
    const request = withToken(null, { Cookie: `other=1; ${value}` });
    expect(await staffActor(request, secretAccess, 'yamada')).toEqual({
      actor: '佐藤',
      via: 'session',
    });
    expect(await staffActor(request, secretAccess, 'carsupport')).toBeNull();
    const otherSecret = staffAccessOf({ secret: 'rotated-0123456789abcdef0123456789' })!;
    expect(await staffActor(request, otherSecret, 'yamada')).toBeNull();
  });

  it('opens with the Bearer secret', async () => {
    const request = withToken(null, { Authorization: 'Bearer s3cret-0123456789abcdef0123456789' });
    expect(await staffActor(request, secretAccess, 'yamada')).toEqual({
      actor: '共有キー',
      via: 'secret',
    });
  });
});
