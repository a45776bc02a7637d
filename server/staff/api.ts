/**
 * The staff API, for a CRM: `GET /api/staff/leads/{受付番号}` (the lead, its deliveries and stages)
 * and `POST /api/staff/leads/{受付番号}/stages` (a stage change under an Idempotency-Key, as
 * `POST /api/estimates` takes it). Another brand's lead is not found.
 */
import { keyReusedCode } from '../../src/estimate/contract/apiContract';
import { answers } from '../http/messages';
import { requestFingerprint } from '../leads/contentHash';
import type { EstimateContext, EstimateHandler } from '../estimate/handler';
import { json, mediaType } from '../http/http';
import { readKeyedJson } from '../http/keyedJson';
import { parseStageInput } from './stages';
import { changeStage, type StageNotifier } from './stageChange';
import { staffActor, type StaffAccess, type StaffActor } from './auth';
import type { StaffLead, StaffStore } from './store';

export type StaffOptions = {
  store: StaffStore;
  access: StaffAccess;
  notifier: StageNotifier;
  now: () => Date;
};

export type StaffHandler = (
  request: Request,
  ctx: EstimateContext,
  who: StaffActor,
) => Promise<Response>;

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

/** Staff requests that do not answer this: 401, or 403 for a post from another site. */
export function staffGate(
  access: StaffAccess,
  now: () => Date,
  handler: StaffHandler,
  refuse: (request: Request, ctx: EstimateContext) => Promise<Response>,
): EstimateHandler {
  return async (request, ctx) => {
    const origin = request.headers.get('origin');
    if (request.method === 'POST' && origin !== null && origin !== ctx.siteOrigin) {
      await request.body?.cancel().catch(() => undefined);
      return json(403, { error: answers.crossSite });
    }
    const who = await staffActor(request, access, ctx.brand, now());
    return who ? handler(request, ctx, who) : refuse(request, ctx);
  };
}

const unauthorized = () =>
  Promise.resolve(json(401, { error: answers.unauthorized }, { 'WWW-Authenticate': 'Bearer' }));

const staffApiPattern = /^\/api\/staff\/leads\/([0-9A-Za-z-]{1,40})(\/stages)?$/;

export function createStaffApi(
  options: StaffOptions,
): (path: string) => EstimateHandler | undefined {
  const { store, notifier, now } = options;

  async function readLead(id: string, ctx: EstimateContext, who: StaffActor) {
    const lead = await store.lead(ctx.brand, id);
    if (lead) {
      await store.audit({
        brand: ctx.brand,
        at: now().toISOString(),
        actor: who.actor,
        action: 'view',
        target: id,
      });
    }
    return lead;
  }

  const getLead =
    (id: string): StaffHandler =>
    async (request, ctx, who) => {
      if (request.method !== 'GET') {
        return json(405, { error: answers.methodNotAllowed }, { Allow: 'GET' });
      }
      const lead = await readLead(id, ctx, who);
      return lead ? json(200, leadJson(lead)) : json(404, { error: answers.notFound });
    };

  const postStage =
    (id: string): StaffHandler =>
    async (request, ctx, who) => {
      if (request.method !== 'POST') {
        return json(405, { error: answers.methodNotAllowed }, { Allow: 'POST' });
      }
      if (mediaType(request.headers.get('content-type')) !== 'application/json') {
        return json(415, { error: answers.jsonOnly }, { Accept: 'application/json' });
      }
      const read = await readKeyedJson(request);
      if (read instanceof Response) return read;
      const { key, body } = read;
      const lead = await store.lead(ctx.brand, id);
      if (!lead) return json(404, { error: answers.notFound });
      const parsed = parseStageInput(body);
      if (!parsed.ok) return json(422, { errors: parsed.errors });
      const recorded = await changeStage(store, notifier, lead, parsed.input, {
        actor: who.actor,
        at: now().toISOString(),
        idempotencyKey: key,
        requestHash: await requestFingerprint(body),
      });
      switch (recorded.kind) {
        case 'notFound':
          return json(404, { error: answers.notFound });
        case 'keyReused':
          return json(422, { error: answers.keyReused, code: keyReusedCode });
        case 'recorded':
          return json(201, { change: recorded.change });
      }
    };

  return (path) => {
    const match = staffApiPattern.exec(path);
    if (!match) return undefined;
    const [, id, stages] = match as unknown as [string, string, string | undefined];
    const handler = stages ? postStage(id) : getLead(id);
    const guarded = staffGate(
      options.access,
      now,
      async (request, ctx, who) => {
        try {
          return await handler(request, ctx, who);
        } catch (error) {
          console.error('[staff] api', error);
          return json(503, { error: answers.staffUnavailable });
        }
      },
      unauthorized,
    );
    return guarded;
  };
}
