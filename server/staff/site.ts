/**
 * The staff's pages under `/staff` (staffPages.ts renders them): the inbox, a lead's page and its
 * stage form, a phone lead, the funnel, the audit, and the local sign-in. Every page is noindex,
 * no-store, under a strict CSP; every post must come from the site itself (and the session cookie
 * is SameSite=Strict), so another site cannot post in a signed-in person's name.
 */
import { japaneseDate } from '../../src/lib/peopleFormats';
import { tokyoToday } from '../../src/lib/tokyoTime';
import type { BusinessHours } from '../site/businessTime';
import { businessHoursBefore } from './staleLeads';
import { normalizeKana, normalizePhone } from '../../src/estimate/contract/validation/normalize';
import { answers } from '../http/messages';
import { requestFingerprint } from '../leads/contentHash';
import type { EstimateContext, EstimateHandler } from '../estimate/handler';
import { isSameSitePost } from '../estimate/formPost';
import { html, readBody, tooLarge, notUtf8 } from '../http/http';
import type { LeadStore } from '../leads/store';
import { tokyoDayStart } from './export';
import { isStage, parseStageInput, stageLabels } from './stages';
import type { PostalLookup } from '../leads/postalArea';
import { receiptId } from '../leads/receiptId';
import { changeStage, type StageNotifier } from './stageChange';
import { staffGate, type StaffHandler } from './api';
import { signIn, signOutCookie, type StaffAccess } from './auth';
import {
  auditBody,
  fieldWords,
  funnelBody,
  inboxBody,
  leadBody,
  noStageValues,
  phoneLeadBody,
  signInBody,
  staffPage,
  staffStyle,
  type InboxQuery,
  type PageFrame,
  type PhoneLeadValues,
  type StageFormValues,
} from './pages';
import { platformChannels } from '../delivery/channels';
import { auditSearchMark } from '../leads/retention';
import type { LeadQuery, StaffStore } from './store';
import { parseStoredRequest } from '../leads/storedRequest';

export type StaffSiteOptions = {
  leads: LeadStore;
  store: StaffStore;
  access: StaffAccess;
  notifier: StageNotifier;
  now: () => Date;
  /** Business hours a lead may stay 新規 before it is 未対応 (staleLeads.ts). */
  staleAfterHours: number;
  businessHours: () => BusinessHours;
  postalArea: PostalLookup;
};

/** Without NEW_LEAD_ALERT_HOURS. */
export const defaultStaleAfterHours = 3;

const pageHeaders = { 'X-Robots-Tag': 'noindex, nofollow' };
const inboxLimit = 200;
const receiptPattern = /^\d{6}-[0-9A-Z]{8}$/;

function page(
  status: number,
  frame: PageFrame | PageFrame['brand'],
  title: string,
  body: string,
  headers: Record<string, string> = {},
) {
  return html(status, staffPage(frame, title, body), { ...pageHeaders, ...headers }, staffStyle);
}

function seeOther(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', ...headers },
  });
}

async function formValues(request: Request): Promise<URLSearchParams | null> {
  const raw = await readBody(request);
  if (raw === tooLarge || raw === notUtf8) return null;
  return new URLSearchParams(raw);
}

const newKey = () => crypto.randomUUID();

/** The search box: a 受付番号, a phone number, else the reading's first letters. */
function searchQuery(text: string): Pick<LeadQuery, 'id' | 'phone' | 'kana'> {
  const value = text.trim();
  if (!value) return {};
  const upper = value.normalize('NFKC').toUpperCase();
  if (receiptPattern.test(upper)) return { id: upper };
  const digits = normalizePhone(value);
  if (/^\d{10,11}$/.test(digits)) return { phone: digits };
  return { kana: normalizeKana(value).replace(/\s/g, '') };
}

function dayRange(from: string, to: string, errors: Record<string, string>) {
  const start = from ? tokyoDayStart(from) : undefined;
  const end = to ? tokyoDayStart(to, 1) : undefined;
  if (start === null) errors.from = '受付日（から）は日付で入力してください。';
  if (end === null) errors.to = '受付日（まで）は日付で入力してください。';
  if (start && end && start >= end)
    errors.to = '受付日（まで）は（から）と同じか後の日にしてください。';
  return { start: start ?? undefined, end: end ?? undefined };
}

export function createStaffSite(
  options: StaffSiteOptions,
): (path: string) => EstimateHandler | undefined {
  const { store, access, notifier, now } = options;
  const frameOf = (ctx: EstimateContext, actor: string): PageFrame => ({
    brand: ctx.brand,
    actor,
    signOut: access.kind === 'secret',
  });
  const audit = (
    ctx: EstimateContext,
    actor: string,
    action: Parameters<StaffStore['audit']>[0]['action'],
    target: string,
  ) => store.audit({ brand: ctx.brand, at: now().toISOString(), actor, action, target });

  const refuse = (request: Request, ctx: EstimateContext): Promise<Response> =>
    access.kind === 'secret'
      ? page(401, ctx.brand, 'サインイン', signInBody('', ''))
      : page(
          401,
          ctx.brand,
          '認証が必要です',
          '<p>このページは Cloudflare Access でサインインしてから開いてください。</p>',
        );

  const inbox: StaffHandler = async (request, ctx, who) => {
    const params = new URL(request.url).searchParams;
    const query: InboxQuery = {
      stage: params.get('stage') ?? '',
      from: params.get('from') ?? '',
      to: params.get('to') ?? '',
      q: params.get('q') ?? '',
    };
    const errors: Record<string, string> = {};
    const { start, end } = dayRange(query.from, query.to, errors);
    const leads =
      Object.keys(errors).length > 0
        ? []
        : await store.leads(ctx.brand, {
            limit: inboxLimit,
            ...(isStage(query.stage) && { stage: query.stage }),
            ...(start && { from: start }),
            ...(end && { to: end }),
            ...searchQuery(query.q),
          });
    const described = [
      isStage(query.stage) && stageLabels[query.stage],
      query.from && `${japaneseDate(query.from)}から`,
      query.to && `${japaneseDate(query.to)}まで`,
      query.q && `${auditSearchMark}${query.q}」`,
    ]
      .filter(Boolean)
      .join(' ');
    await audit(ctx, who.actor, 'list', `${leads.length}件${described ? ` ${described}` : ''}`);
    const staleBefore = businessHoursBefore(
      now(),
      options.staleAfterHours,
      options.businessHours(),
    );
    const body = inboxBody(leads, query, errors, staleBefore);
    return page(
      Object.keys(errors).length > 0 ? 422 : 200,
      frameOf(ctx, who.actor),
      '受信箱',
      body,
    );
  };

  const leadPage =
    (
      id: string,
      form?: { values: StageFormValues; errors: Record<string, string>; key: string },
    ): StaffHandler =>
    async (_request, ctx, who) => {
      const lead = await store.lead(ctx.brand, id);
      if (!lead)
        return page(
          404,
          frameOf(ctx, who.actor),
          answers.notFound,
          '<p>この受付番号のお見積もり依頼は見つかりません。</p>',
        );
      await audit(ctx, who.actor, 'view', id);
      const area = await options.postalArea(lead.request.vehicle.postalCode ?? '');
      const body = leadBody(
        lead,
        area,
        form ?? { key: newKey(), values: noStageValues, errors: {} },
      );
      return page(form ? 422 : 200, frameOf(ctx, who.actor), `お見積もり依頼 ${lead.id}`, body);
    };

  const postStage =
    (id: string): StaffHandler =>
    async (request, ctx, who) => {
      const posted = await formValues(request);
      const value = (name: string) => posted?.get(name) ?? '';
      const values: StageFormValues = {
        stage: value('stage'),
        bookedFor: value('bookedFor'),
        shop: value('shop'),
        amount: value('amount'),
        reason: value('reason'),
        excludedReason: value('excludedReason'),
      };
      const key = value('key') || newKey();
      const lead = await store.lead(ctx.brand, id);
      if (!lead) return leadPage(id)(request, ctx, who);
      const input = {
        stage: values.stage,
        bookedFor: values.bookedFor,
        shop: values.shop,
        amount: values.amount,
        reason: values.stage === 'excluded' ? values.excludedReason : values.reason,
      };
      const parsed = parseStageInput(input);
      if (!parsed.ok)
        return leadPage(id, { values, errors: parsed.errors, key })(request, ctx, who);
      const recorded = await changeStage(store, notifier, lead, parsed.input, {
        actor: who.actor,
        at: now().toISOString(),
        idempotencyKey: `page:${key}`,
        requestHash: await requestFingerprint(input),
      });
      if (recorded.kind === 'keyReused') {
        const errors = {
          form: 'この画面からは記録済みです。画面を開き直して、もう一度記録してください。',
        };
        return leadPage(id, { values, errors, key: newKey() })(request, ctx, who);
      }
      return seeOther(`/staff/leads/${encodeURIComponent(id)}`);
    };

  const emptyPhoneLead: PhoneLeadValues = {
    lastName: '',
    firstName: '',
    kana: '',
    phone: '',
    maker: '',
    model: '',
    expiry: '',
    note: '',
  };

  const phoneLeadForm: StaffHandler = (_request, ctx, who) =>
    page(
      200,
      frameOf(ctx, who.actor),
      '電話の受付を入力',
      phoneLeadBody(emptyPhoneLead, {}, newKey()),
    );

  const createPhoneLead: StaffHandler = async (request, ctx, who) => {
    const posted = await formValues(request);
    const values = Object.fromEntries(
      Object.keys(emptyPhoneLead).map((name) => [name, (posted?.get(name) ?? '').trim()]),
    ) as PhoneLeadValues;
    const key = posted?.get('key') || newKey();
    const errors: Record<string, string> = {};
    const phone = normalizePhone(values.phone);
    if (!values.lastName) errors.lastName = `${fieldWords.lastName}を入力してください。`;
    if (!/^0\d{9,10}$/.test(phone))
      errors.phone = `${fieldWords.phone}は 090-1234-5678 のように10桁か11桁で入力してください。`;
    const kana = normalizeKana(values.kana);
    if (kana && !/^[\u30a0-\u30ff\s]+$/.test(kana))
      errors.kana = `${fieldWords.kana}はカタカナで入力してください。`;
    const expiry = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(values.expiry);
    if (values.expiry && !expiry) errors.expiry = `${fieldWords.expiry}は日付で入力してください。`;
    if (Object.keys(errors).length > 0) {
      return page(
        422,
        frameOf(ctx, who.actor),
        '電話の受付を入力',
        phoneLeadBody(values, errors, key),
      );
    }
    const received = now();
    const stored = parseStoredRequest(
      {
        entryPoint: 'phone',
        vehicle: {
          maker: values.maker,
          model: values.model,
          ...(expiry && { expiryYear: expiry[1], expiryMonth: String(Number(expiry[2])) }),
        },
        customer: {
          lastName: values.lastName,
          firstName: values.firstName,
          lastNameKana: kana,
          firstNameKana: '',
          phone,
          email: '',
        },
        request: { notes: values.note },
        tracking: { source: '電話' },
      },
      ctx.brand,
    );
    const { id, created } = await options.leads.insert(
      {
        id: receiptId(received),
        brand: ctx.brand,
        idempotencyKey: `staff:${key}`,
        contentHash: `staff:${key}`,
        requestHash: await requestFingerprint(values),
        receivedAt: received.toISOString(),
        suspectedSpam: false,
        request: stored,
      },
      received.toISOString(),
    );
    if (created) {
      await audit(ctx, who.actor, 'create', id);
      const lead = await store.lead(ctx.brand, id);
      // The call itself was the contact.
      if (lead) {
        await changeStage(
          store,
          notifier,
          lead,
          { stage: 'contacted' },
          {
            actor: who.actor,
            at: received.toISOString(),
            idempotencyKey: `created:${key}`,
            requestHash: 'phone',
          },
        );
      }
    }
    return seeOther(`/staff/leads/${encodeURIComponent(id)}`);
  };

  const funnel: StaffHandler = async (request, ctx, who) => {
    const params = new URL(request.url).searchParams;
    const today = tokyoToday(now());
    const monthAgo = tokyoToday(new Date(now().getTime() - 29 * 86_400_000));
    const from = params.get('from') || monthAgo;
    const to = params.get('to') || today;
    const errors: Record<string, string> = {};
    const { start, end } = dayRange(from, to, errors);
    const valid = start && end && Object.keys(errors).length === 0;
    const rows = valid ? await store.funnel(ctx.brand, start, end) : [];
    const channels = platformChannels.flatMap(([, listed]) => listed.map(({ name }) => name));
    const counts = valid ? await store.channelCounts(ctx.brand, start, end, channels) : [];
    await audit(ctx, who.actor, 'funnel', `${japaneseDate(from)}〜${japaneseDate(to)}`);
    return page(
      Object.keys(errors).length > 0 ? 422 : 200,
      frameOf(ctx, who.actor),
      'ファネル',
      funnelBody(rows, counts, from, to, errors),
    );
  };

  const auditPage: StaffHandler = async (_request, ctx, who) =>
    page(
      200,
      frameOf(ctx, who.actor),
      '操作の記録',
      auditBody(await store.auditLog(ctx.brand, 500)),
    );

  const signInRoute: EstimateHandler = async (request, ctx) => {
    if (request.method === 'GET') return page(200, ctx.brand, 'サインイン', signInBody('', ''));
    if (request.method !== 'POST' || !isSameSitePost(request.headers, ctx.siteOrigin)) {
      return page(403, ctx.brand, 'サインイン', signInBody(answers.crossSite, ''));
    }
    const posted = await formValues(request);
    const name = (posted?.get('name') ?? '').trim().slice(0, 50);
    const cookie = name
      ? await signIn(access, posted?.get('secret') ?? '', name, ctx.brand, now())
      : null;
    if (!cookie) {
      const error = name ? '共有キーが違います。' : `${fieldWords.name}を入力してください。`;
      return page(401, ctx.brand, 'サインイン', signInBody(error, name));
    }
    return seeOther('/staff', { 'Set-Cookie': cookie });
  };

  const methods =
    (handlers: Partial<Record<'GET' | 'POST', StaffHandler>>): StaffHandler =>
    async (request, ctx, who) => {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      const handler = handlers[method as 'GET' | 'POST'];
      if (!handler) {
        return new Response(null, {
          status: 405,
          headers: { Allow: Object.keys(handlers).join(', '), 'Cache-Control': 'no-store' },
        });
      }
      if (method === 'POST' && !isSameSitePost(request.headers, ctx.siteOrigin)) {
        await request.body?.cancel().catch(() => undefined);
        return page(403, ctx.brand, answers.crossSite, `<p>${answers.crossSite}。</p>`);
      }
      try {
        return await handler(request, ctx, who);
      } catch (error) {
        console.error('[staff] page', error);
        return page(
          503,
          ctx.brand,
          'ただいま表示できません',
          `<p>${answers.staffUnavailable}。</p>`,
        );
      }
    };

  const guarded = (handler: StaffHandler) => staffGate(access, now, handler, refuse);
  const leadPath = /^\/staff\/leads\/([0-9A-Za-z-]{1,40})(\/stages)?$/;

  return (path) => {
    switch (path) {
      case '/staff':
        return guarded(methods({ GET: inbox }));
      case '/staff/new':
        return guarded(methods({ GET: phoneLeadForm }));
      case '/staff/leads':
        return guarded(methods({ POST: createPhoneLead }));
      case '/staff/funnel':
        return guarded(methods({ GET: funnel }));
      case '/staff/audit':
        return guarded(methods({ GET: auditPage }));
      case '/staff/login':
        return access.kind === 'secret' ? signInRoute : undefined;
      case '/staff/logout':
        return access.kind === 'secret'
          ? async (request, ctx) =>
              request.method === 'POST' && isSameSitePost(request.headers, ctx.siteOrigin)
                ? seeOther('/staff/login', { 'Set-Cookie': signOutCookie })
                : page(403, ctx.brand, answers.crossSite, `<p>${answers.crossSite}。</p>`)
          : undefined;
    }
    const match = leadPath.exec(path);
    if (!match) return undefined;
    const id = match[1]!;
    return guarded(match[2] ? methods({ POST: postStage(id) }) : methods({ GET: leadPage(id) }));
  };
}
