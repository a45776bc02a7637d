// Who may open the staff's pages and API (decision 015): Cloudflare Access's signed token where it
// is configured, else the shared STAFF_SECRET as a Bearer token or the sign-in page's session
// cookie. Neither configured: the staff routes are not routed.
import {
  createRemoteJWKSet,
  jwtVerify,
  SignJWT,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { BrandId } from '../../src/brand/brands';
import { bearerMatches, secretMatches } from '../http/secrets';
import type { SignInGuard } from './signInGuard';

export type StaffAccess =
  | { kind: 'access'; issuer: string; audience: string; keys: JWTVerifyGetKey }
  | { kind: 'secret'; secret: string };

export type StaffActor = { actor: string; via: 'access' | 'secret' | 'session' };

export type StaffAccessVariables = {
  teamDomain?: string | undefined;
  audience?: string | undefined;
  secret?: string | undefined;
};

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

/** The team's key set, fetched and cached by jose (one per isolate and team). */
function teamKeys(issuer: string): JWTVerifyGetKey {
  let keys = remoteKeySets.get(issuer);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`${issuer}/cdn-cgi/access/certs`));
    remoteKeySets.set(issuer, keys);
  }
  return keys;
}

export function staffAccessOf(
  variables: StaffAccessVariables,
  keys?: JWTVerifyGetKey,
): StaffAccess | null {
  const teamDomain = variables.teamDomain?.trim().replace(/\/+$/, '');
  const audience = variables.audience?.trim();
  if (teamDomain && audience) {
    const issuer = /^https?:\/\//.test(teamDomain) ? teamDomain : `https://${teamDomain}`;
    return { kind: 'access', issuer, audience, keys: keys ?? teamKeys(issuer) };
  }
  const secret = variables.secret?.trim();
  if (secret && secret.length < staffSecretMinLength) {
    console.error(`[staff] STAFF_SECRET is shorter than ${staffSecretMinLength}: staff routes off`);
    return null;
  }
  return secret ? { kind: 'secret', secret } : null;
}

/** @internal For npm start's config (a deploy script), which refuses a shorter one (docs/deploy.md). */
export const staffSecretMinLength = 32;

/** A person's email, or a service token's common name (a CRM). */
function accessActor(payload: JWTPayload): string | null {
  const { email, common_name: commonName } = payload as JWTPayload & {
    email?: unknown;
    common_name?: unknown;
  };
  if (typeof email === 'string' && email) return email;
  if (typeof commonName === 'string' && commonName) return `サービストークン ${commonName}`;
  return null;
}

/** @internal Exported for tests. */
export const sessionCookieName = '__Host-staff_session';
const sessionHours = 12;

async function sessionKey(secret: string): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`staff-session\n${secret}`),
  );
  return new Uint8Array(digest);
}

function cookieValue(request: Request, name: string): string | null {
  for (const pair of (request.headers.get('cookie') ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/** The session the request's cookie carries, verified: its id and expiry (ms), or null. */
async function sessionOf(
  request: Request,
  secret: string,
  brand: BrandId,
  now: Date,
): Promise<{ name: string; id: string; expiresAt: number } | null> {
  const session = cookieValue(request, sessionCookieName);
  if (!session) return null;
  try {
    const { payload } = await jwtVerify(session, await sessionKey(secret), {
      audience: brand,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const { sub, jti, exp } = payload;
    return typeof sub === 'string' && sub && typeof jti === 'string' && typeof exp === 'number'
      ? { name: sub, id: jti, expiresAt: exp * 1000 }
      : null;
  } catch {
    return null;
  }
}

/** ログアウト: the session is refused from now on, its cookie copied or not. */
export async function endSession(
  request: Request,
  access: StaffAccess,
  brand: BrandId,
  sessions: Pick<SignInGuard, 'end'>,
  now: Date,
): Promise<void> {
  if (access.kind !== 'secret') return;
  const session = await sessionOf(request, access.secret, brand, now);
  if (session) await sessions.end(session.id, session.expiresAt, now.getTime());
}

export async function staffActor(
  request: Request,
  access: StaffAccess,
  brand: BrandId,
  now: Date = new Date(),
  sessions?: Pick<SignInGuard, 'ended'>,
): Promise<StaffActor | null> {
  if (access.kind === 'access') {
    const token = request.headers.get('cf-access-jwt-assertion');
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, access.keys, {
        issuer: access.issuer,
        audience: access.audience,
        algorithms: ['RS256'],
        currentDate: now,
      });
      const actor = accessActor(payload);
      return actor ? { actor, via: 'access' } : null;
    } catch {
      return null;
    }
  }
  if (await bearerMatches(request, access.secret)) return { actor: '共有キー', via: 'secret' };
  const session = await sessionOf(request, access.secret, brand, now);
  if (!session || (await sessions?.ended(session.id))) return null;
  return { actor: session.name, via: 'session' };
}

/** Secure: browsers keep it on http://localhost too (a secure context; decision 015). */
export async function signIn(
  access: StaffAccess,
  given: string,
  name: string,
  brand: BrandId,
  now: Date,
): Promise<string | null> {
  if (access.kind !== 'secret' || !(await secretMatches(given, access.secret))) return null;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(name)
    .setJti(crypto.randomUUID())
    .setAudience(brand)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(now.getTime() / 1000) + sessionHours * 3600)
    .sign(await sessionKey(access.secret));
  return `${sessionCookieName}=${token}; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=${sessionHours * 3600}`;
}

export const signOutCookie = `${sessionCookieName}=; Path=/; HttpOnly; Secure; SameSite=Strict; Max-Age=0`;
