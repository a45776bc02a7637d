/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// /booking/<token>: the visitor changes or cancels alone, until the shop's cut-off. A change is
// one conditional statement (never past a slot's seats); a cancel frees the slot at once and
// records 失注 (お客様によるキャンセル). Either mails the visitor and tells the shop.
import { guideConsentVersion } from '../../src/estimate/contract/guideConsent';
import { D1FollowUps } from '../db/followUpQueries';
import { stageBookedFor } from '../db/bookings';
import { Hono } from 'hono';
import { shopOf } from '../../src/content/companies';
import { tokyoToday } from '../../src/lib/tokyoTime';
import { seeOther } from '../http/answers';
import { limitBody, readForm } from '../http/body';
import type { AppContext, AppEnv } from '../http/context';
import { messages } from '../http/messages';
import { methods } from '../http/methods';
import { sameSiteOnly } from '../http/sameSite';
import type { StoredLead } from '../leads/store';
import { progressAfter } from '../staff/stages';
import { formSlotsOf } from './availability';
import { bookingChangeMailName, shopBookingNoticeName } from './channels';
import { holdMessages } from './hold';
import { managePath } from './paths';
import { ManageBody, managePage, missingBody, type ManageView } from './managePages';
import { changeDeadline, checkSlot } from './schedule';

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** @internal Exported for tests. The stage a visitor's cancel records. */
export const visitorCancelReason = 'お客様によるキャンセル';
const visitorActor = 'お客様（ご予約の確認・変更ページ）';

const manageMessages = {
  closed: '変更・キャンセルの受付は締め切りました。店舗へお電話ください。',
  noSlot: '変更先の日時を選んでください。',
  confirm: 'キャンセルする場合は「このご予約をキャンセルします」にチェックを入れてください。',
  cancelled: 'このご予約はキャンセル済みです。',
};

type Loaded = { lead: StoredLead; view: ManageView };

async function load(c: AppContext): Promise<Loaded | Response> {
  const { brand } = c.var;
  const token = c.req.param('token') ?? '';
  const { bookings, leads, now } = c.var.services;
  const id = tokenPattern.test(token) ? await bookings.leadIdOfToken(token) : null;
  const lead = id ? await leads.get(id) : null;
  const shop = lead?.booking && shopOf(brand, lead.booking.shop);
  if (!lead?.booking || lead.brand !== brand || !shop) {
    return managePage(404, brand, 'ご予約が見つかりません', missingBody(brand, false));
  }
  const at = now();
  if (lead.booking.start.slice(0, 10) < tokyoToday(at)) {
    return managePage(410, brand, 'このリンクは有効期限が切れています', missingBody(brand, true));
  }
  const deadline = changeDeadline(shop, lead.booking.start);
  const live = lead.booking.state !== 'cancelled';
  const open = live && at.getTime() < deadline.getTime();
  const slots = open ? await formSlotsOf(bookings, brand, shop, at) : [];
  const { guideConsentAt, unsubscribedAt } = lead.followUps ?? {};
  const guide = Boolean(guideConsentAt) && !unsubscribedAt;
  const view = {
    brand,
    id: lead.id,
    token,
    booking: lead.booking,
    shop,
    deadline,
    open,
    slots,
    guide,
  };
  return { lead, view };
}

const title = 'ご予約の確認・変更';

async function show(c: AppContext): Promise<Response> {
  const loaded = await load(c);
  if (loaded instanceof Response) return loaded;
  const done = c.req.query('done');
  const view: ManageView = {
    ...loaded.view,
    ...((done === 'changed' || done === 'cancelled' || done === 'guide') && { done }),
  };
  return managePage(200, c.var.brand, title, <ManageBody {...view} />);
}

function refused(c: AppContext, view: ManageView, status: number, error: string) {
  return managePage(status, c.var.brand, title, <ManageBody {...view} error={error} />);
}

async function told(c: AppContext, lead: StoredLead, done: 'changed' | 'cancelled') {
  await c.var.services.stageNotifier
    .stageChanged(lead, [bookingChangeMailName, shopBookingNoticeName])
    .catch((error: unknown) => console.error(`[booking] ${lead.id} notify`, error));
  return seeOther(`${managePath(c.req.param('token') ?? '')}?done=${done}`);
}

async function change(c: AppContext): Promise<Response> {
  const loaded = await load(c);
  if (loaded instanceof Response) return loaded;
  const { lead, view } = loaded;
  const { bookings, staff, now } = c.var.services;
  if (!view.open) return refused(c, view, 409, manageMessages.closed);
  const start = (await readForm(c))?.get('bookingStart') ?? '';
  if (!start || start === view.booking.start) return refused(c, view, 422, manageMessages.noSlot);
  const check = checkSlot(view.shop, start, now());
  if (check !== 'ok') return refused(c, view, 422, holdMessages[check]);
  const at = now().toISOString();
  if (!(await bookings.move(lead, start, view.shop.capacity, at))) {
    const slots = await formSlotsOf(bookings, c.var.brand, view.shop, now());
    return refused(c, { ...view, slots }, 409, holdMessages.taken);
  }
  // A 予約確定 staff recorded moves with it, so the inbox and the funnel read the new date.
  if (lead.stage?.stage === 'booked') {
    await staff.recordStage(lead.brand, {
      leadId: lead.id,
      stage: 'booked',
      bookedFor: stageBookedFor(start),
      shop: view.shop.name,
      at,
      actor: visitorActor,
      progress: lead.stage.progress,
      idempotencyKey: `booking-change:${at}`,
      requestHash: null,
    });
  }
  return told(c, lead, 'changed');
}

async function cancel(c: AppContext): Promise<Response> {
  const loaded = await load(c);
  if (loaded instanceof Response) return loaded;
  const { lead, view } = loaded;
  const { bookings, staff, now } = c.var.services;
  if (view.booking.state === 'cancelled') return refused(c, view, 409, manageMessages.cancelled);
  if (!view.open) return refused(c, view, 409, manageMessages.closed);
  if ((await readForm(c))?.get('confirm') !== 'yes') {
    return refused(c, view, 422, manageMessages.confirm);
  }
  const at = now().toISOString();
  if (await bookings.setState(lead.id, ['held', 'confirmed'], 'cancelled', at)) {
    await staff.recordStage(lead.brand, {
      leadId: lead.id,
      stage: 'lost',
      reason: visitorCancelReason,
      at,
      actor: visitorActor,
      progress: progressAfter('lost'),
      idempotencyKey: `booking-cancel:${lead.id}`,
      requestHash: null,
    });
  }
  return told(c, lead, 'cancelled');
}

/** The 次回車検のご案内's box: consent with its time and wording, or withdrawn at once. */
async function guide(c: AppContext): Promise<Response> {
  const loaded = await load(c);
  if (loaded instanceof Response) return loaded;
  const consent = (await readForm(c))?.get('reminderConsent') === 'on';
  const at = c.var.services.now().toISOString();
  await new D1FollowUps(c.env.DB).setGuideConsent(loaded.lead.id, consent, at, guideConsentVersion);
  return seeOther(`${managePath(c.req.param('token') ?? '')}?done=guide`);
}

export const manageSite = new Hono<AppEnv>();

manageSite.use(
  sameSiteOnly((c) =>
    managePage(403, c.var.brand, messages.crossSite, <p>{messages.crossSite}。</p>),
  ),
);
manageSite.post(
  '*',
  limitBody((c) => managePage(413, c.var.brand, messages.tooLarge, <p>{messages.tooLarge}。</p>)),
);
manageSite.all('/:token', methods({ GET: show }));
manageSite.all('/:token/change', methods({ POST: change }));
manageSite.all('/:token/cancel', methods({ POST: cancel }));
manageSite.all('/:token/guide', methods({ POST: guide }));
