/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// /guide/<token>: the 次回車検のご案内's unsubscribe. The page asks before it stops (a link checker
// must not unsubscribe anyone); POST …/unsubscribe stops every later 案内 at once, from the page
// or from a mail program's one-click (RFC 8058: a POST from elsewhere, so no same-site check).
import { Hono } from 'hono';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { managePage, missingBody } from '../booking/managePages';
import { D1FollowUps } from '../db/followUpQueries';
import type { AppContext, AppEnv } from '../http/context';
import { limitBody } from '../http/body';
import { messages } from '../http/messages';
import { methods } from '../http/methods';
import { guidePath } from './paths';

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
const title = '次回車検のご案内の配信停止';

async function leadOf(c: AppContext) {
  const token = c.req.param('token') ?? '';
  const followUps = new D1FollowUps(c.env.DB);
  const id = tokenPattern.test(token) ? await followUps.leadIdOfGuideToken(token) : null;
  const lead = id ? await c.var.services.leads.get(id) : null;
  return lead && lead.brand === c.var.brand ? { lead, token, followUps } : null;
}

async function show(c: AppContext): Promise<Response> {
  const found = await leadOf(c);
  if (!found)
    return managePage(404, c.var.brand, 'ページが見つかりません', missingBody(c.var.brand, false));
  const stopped = found.lead.followUps?.unsubscribedAt;
  const body = stopped ? (
    <p>配信は{japaneseDateTime(stopped)}に停止しました。今後、次回車検のご案内はお送りしません。</p>
  ) : (
    <form method="post" action={`${guidePath(found.token)}/unsubscribe`}>
      <p>
        次回の車検時期のご案内メールを停止します。ご予約やお見積もりのメールは、これまでどおり届きます。
      </p>
      <button type="submit">配信を停止する</button>
    </form>
  );
  return managePage(200, c.var.brand, title, body);
}

async function unsubscribe(c: AppContext): Promise<Response> {
  await c.req.raw.body?.cancel().catch(() => undefined);
  const found = await leadOf(c);
  if (!found)
    return managePage(404, c.var.brand, 'ページが見つかりません', missingBody(c.var.brand, false));
  await found.followUps.unsubscribe(found.lead.id, c.var.services.now().toISOString());
  const body = <p role="status">配信を停止しました。今後、次回車検のご案内はお送りしません。</p>;
  return managePage(200, c.var.brand, title, body);
}

export const guideSite = new Hono<AppEnv>();

guideSite.post(
  '*',
  limitBody((c) => managePage(413, c.var.brand, messages.tooLarge, <p>{messages.tooLarge}。</p>)),
);
guideSite.all('/:token', methods({ GET: show }));
guideSite.all('/:token/unsubscribe', methods({ POST: unsubscribe }));
