// The staff API, for a CRM: `GET /api/staff/leads/{受付番号}` and `POST …/{受付番号}/stages` (a stage
// change under an Idempotency-Key, as `POST /api/estimates` takes it). Another brand's lead is not
// found.
import { Hono } from 'hono';
import { keyReusedCode } from '../../src/estimate/contract/apiContract';
import { json, mediaType } from '../http/answers';
import { limitBody, readKeyedJson } from '../http/body';
import type { AppContext, AppEnv } from '../http/context';
import { messages } from '../http/messages';
import { methods } from '../http/methods';
import { sameSiteOnly } from '../http/sameSite';
import { requestFingerprint } from '../leads/contentHash';
import { leadRoute } from '../site/paths';
import { correct, eraseNow, person, withdrawConsent } from './people';
import { parseStageInput } from './stages';
import { changeStage } from './stageChange';
import { actorOf, audit, staffGate } from './gate';
import { throttledMessage } from './signInGuard';
import type { StaffLead } from './store';

/** What a CRM reads: the request as validated, never the matching data (addresses, cookies). */
function leadJson(lead: StaffLead) {
  return {
    id: lead.id,
    brand: lead.brand,
    receivedAt: lead.receivedAt,
    suspectedSpam: lead.suspectedSpam,
    request: lead.request,
    stage: lead.stage,
    stages: lead.history,
    deliveries: lead.deliveries ?? [],
  };
}

const notFound = () => json(404, { error: messages.notFound });

async function getLead(c: AppContext): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const lead = await c.var.services.staff.lead(c.var.brand, id);
  if (!lead) return notFound();
  await audit(c, 'view', id);
  return json(200, leadJson(lead));
}

async function postStage(c: AppContext): Promise<Response> {
  if (mediaType(c.req.header('content-type')) !== 'application/json') {
    return json(415, { error: messages.jsonOnly }, { Accept: 'application/json' });
  }
  const read = await readKeyedJson(c);
  if (read instanceof Response) return read;
  const { key, body } = read;
  const { staff, stageNotifier, now } = c.var.services;
  const lead = await staff.lead(c.var.brand, c.req.param('id') ?? '');
  if (!lead) return notFound();
  const parsed = parseStageInput(body, now());
  if (!parsed.ok) return json(422, { errors: parsed.errors });
  const recorded = await changeStage(staff, stageNotifier, lead, parsed.input, {
    actor: actorOf(c),
    at: now().toISOString(),
    idempotencyKey: key,
    requestHash: await requestFingerprint(body),
  });
  switch (recorded.kind) {
    case 'notFound':
      return notFound();
    case 'keyReused':
      return json(422, { error: messages.keyReused, code: keyReusedCode });
    case 'recorded':
      return json(201, { change: recorded.change });
  }
}

const unauthorized = () =>
  json(401, { error: messages.unauthorized }, { 'WWW-Authenticate': 'Bearer' });

export const staffApi = new Hono<AppEnv>();

// A CRM posts without a browser's Origin; one that names another site is refused.
staffApi.use(sameSiteOnly(() => json(403, { error: messages.crossSite }), 'allow'));
staffApi.post(
  '*',
  limitBody(() => json(413, { error: messages.tooLarge })),
);
staffApi.use(
  staffGate(unauthorized, (_c, seconds) =>
    json(429, { error: throttledMessage(seconds) }, { 'Retry-After': String(seconds) }),
  ),
);
staffApi.all(leadRoute, methods({ GET: getLead }));
staffApi.all(`${leadRoute}/stages`, methods({ POST: postStage }));
staffApi.all('/people', methods({ GET: person }));
staffApi.all(`${leadRoute}/consent`, methods({ POST: withdrawConsent }));
staffApi.all(`${leadRoute}/erase`, methods({ POST: eraseNow }));
staffApi.all(`${leadRoute}/correction`, methods({ POST: correct }));

staffApi.onError((error) => {
  console.error('[staff] api', error);
  return json(503, { error: messages.staffUnavailable });
});
