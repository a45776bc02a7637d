/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// The staff's pages: noindex, no-store, under a strict CSP. Every post must come from the site
// itself (and the session cookie is SameSite=Strict), so another site cannot post in a signed-in
// person's name.
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../http/context';
import { limitBody } from '../http/body';
import { messages } from '../http/messages';
import { methods } from '../http/methods';
import { sameSiteOnly } from '../http/sameSite';
import { leadRoute } from '../site/paths';
import { auditPage } from './audit';
import { calendarPage, postClosure } from './calendar';
import { calendarRoute } from './calendarPaths';
import { funnel } from './funnel';
import { staffGate } from './gate';
import { inbox, staffExport } from './inbox';
import { staffPage } from './layout';
import { leadPage, postStage } from './lead';
import { createPhoneLead, phoneLeadForm } from './phoneLead';
import { postSignIn, refusePage, signInPage, signOut, throttledPage, withSecret } from './signIn';

const crossSite = (c: AppContext) =>
  staffPage(c, 403, messages.crossSite, <p>{messages.crossSite}。</p>);

const tooLarge = (c: AppContext) =>
  staffPage(c, 413, messages.tooLarge, <p>{messages.tooLarge}。</p>);

export const staffSite = new Hono<AppEnv>();

staffSite.use(sameSiteOnly(crossSite));
staffSite.post('*', limitBody(tooLarge));
staffSite.all('/login', withSecret(methods({ GET: (c) => signInPage(c, 200), POST: postSignIn })));
staffSite.all('/logout', withSecret(methods({ POST: signOut })));
staffSite.use(staffGate(refusePage, throttledPage));
staffSite.all('/', methods({ GET: inbox }));
staffSite.all('/new', methods({ GET: phoneLeadForm }));
staffSite.all('/leads', methods({ POST: createPhoneLead }));
staffSite.all('/funnel', methods({ GET: funnel }));
staffSite.all('/export.csv', methods({ GET: staffExport }));
staffSite.all('/audit', methods({ GET: auditPage }));
staffSite.all(calendarRoute, methods({ GET: calendarPage }));
staffSite.all(`${calendarRoute}/closures`, methods({ POST: postClosure }));
staffSite.all(leadRoute, methods({ GET: leadPage }));
staffSite.all(`${leadRoute}/stages`, methods({ POST: postStage }));

staffSite.onError((error, c) => {
  console.error('[staff] page', error);
  const body = <p>{messages.staffUnavailable}。</p>;
  return staffPage(c as AppContext, 503, 'ただいま表示できません', body);
});
