/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The sign-in with the shared STAFF_SECRET, where Cloudflare Access does not stand in front.
import { seeOther } from '../http/answers';
import { readForm } from '../http/body';
import type { AppContext } from '../http/context';
import { notFound } from '../site/assets';
import { TextField } from '../views/fields';
import { endSession, signIn, signOutCookie } from './auth';
import { signInBlocked, signInFailed } from './gate';
import { throttledMessage } from './signInGuard';
import { parseSignIn } from './forms/signIn';
import { staffPage } from './layout';
import { fieldWords } from './words';

function SignInPage(props: { error: string; name: string }) {
  return (
    <>
      {props.error && (
        <div class="errors" role="alert">
          <p>{props.error}</p>
        </div>
      )}
      <form method="post" action="/staff/login">
        <TextField
          name="name"
          label={`${fieldWords.name}（履歴に残ります）`}
          value={props.name}
          required
          maxlength={50}
          autocomplete="name"
        />
        <TextField
          name="secret"
          label="スタッフ用の共有キー"
          value=""
          type="password"
          required
          autocomplete="current-password"
        />
        <button>サインイン</button>
      </form>
    </>
  );
}

export function signInPage(c: AppContext, status: number, error = '', name = '') {
  return staffPage(c, status, 'サインイン', <SignInPage error={error} name={name} />);
}

/** What the gate answers to someone not signed in, by the kind of access configured. */
export function refusePage(c: AppContext): Promise<Response> {
  if (c.var.services.access?.kind === 'secret') return signInPage(c, 401);
  const accessNote = <p>このページは Cloudflare Access でサインインしてから開いてください。</p>;
  return staffPage(c, 401, '認証が必要です', accessNote);
}

/** Only where the shared secret opens the staff's pages; elsewhere the site's 404 page. */
export function withSecret(handler: (c: AppContext) => Promise<Response>) {
  return (c: AppContext) =>
    c.var.services.access?.kind === 'secret' ? handler(c) : notFound(c.env, new URL(c.req.url));
}

/** Too many failed tries from this client: 429, the sign-in form with the wait in words. */
export async function throttledPage(c: AppContext, seconds: number): Promise<Response> {
  const answer = await signInPage(c, 429, `${throttledMessage(seconds)}。`);
  answer.headers.set('Retry-After', String(seconds));
  return answer;
}

export async function postSignIn(c: AppContext): Promise<Response> {
  const access = c.var.services.access;
  const wait = await signInBlocked(c);
  if (wait !== null) return throttledPage(c, wait);
  const posted = Object.fromEntries((await readForm(c)) ?? []);
  const parsed = parseSignIn(posted);
  const typedName = typeof posted.name === 'string' ? posted.name : '';
  if (!parsed.ok) return signInPage(c, 401, Object.values(parsed.errors).join(''), typedName);
  const { name, secret } = parsed.value;
  const cookie = access && (await signIn(access, secret, name, c.var.brand, c.var.services.now()));
  if (!cookie) {
    await signInFailed(c, name);
    return signInPage(c, 401, '共有キーが違います。', name);
  }
  return seeOther('/staff', { 'Set-Cookie': cookie });
}

/** Ends the session on the server too: a copy of its cookie opens nothing after. */
export async function signOut(c: AppContext): Promise<Response> {
  const { access, signInGuard, now } = c.var.services;
  if (access) await endSession(c.req.raw, access, c.var.brand, signInGuard, now());
  return seeOther('/staff/login', { 'Set-Cookie': signOutCookie });
}
