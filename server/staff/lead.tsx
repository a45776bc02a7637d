/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// A lead's page: its stage form, what was asked, where it came from, its deliveries and history.
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { seeOther } from '../http/answers';
import { readForm } from '../http/body';
import type { AppContext } from '../http/context';
import { messages } from '../http/messages';
import { requestFingerprint } from '../leads/contentHash';
import { erasedNotices } from '../leads/retention';
import { deliveryOf } from '../delivery/channels';
import { receiptChannel } from '../delivery/mailChannels';
import { staffLeadPath } from '../site/paths';
import { deliveryText } from './leadsCsv';
import { enteredQuery } from './phoneLead';
import { ErrorSummary } from '../views/fields';
import { parseStageForm } from './forms/stage';
import { actorOf, audit } from './gate';
import { staffPage } from './layout';
import { DeliveryRows, HistoryRows, PlatformRows, RequestRows, SourceRows } from './leadSections';
import { changeStage } from './stageChange';
import { noStageValues, StageForm, type StageFormState, type StageFormValues } from './stageForm';
import type { StaffLead } from './store';
import { BookingSection } from './leadBooking';
import { fieldWords, stageWords } from './words';

const newKey = () => crypto.randomUUID();

/** After a phone lead's 記録する: which mails went out, as its deliveries say. */
function EnteredNotice(props: { lead: StaffLead }) {
  const { email } = props.lead.request.customer;
  const receipt = deliveryOf(props.lead, receiptChannel.name);
  const toVisitor = !email
    ? `${fieldWords.email}がないため、お客様へのメールは送っていません。`
    : receipt?.state === 'sent'
      ? `受付確認メールを ${email} に送りました。`
      : receipt?.state === 'pending'
        ? `受付確認メールを ${email} に送っています（結果は「配信の状態」に出ます）。`
        : `受付確認メールは送っていません（${deliveryText(receipt) || '送信なし'}）。`;
  return (
    <p role="status" class="notice">
      記録しました。{toVisitor}店舗への通知メールは送りません（この画面で受け付けた依頼のため）。
    </p>
  );
}

function LeadPage(props: {
  lead: StaffLead;
  area: string;
  form: StageFormState;
  entered: boolean;
}) {
  const { lead, form } = props;
  return (
    <>
      {props.entered && <EnteredNotice lead={lead} />}
      {lead.erasedAt && (
        <p class="warn">
          {erasedNotices[lead.erasedReason ?? 'retention']}（{japaneseDateTime(lead.erasedAt)}
          に消去）。受付日時・流入元・段階と金額は集計のために残しています。
        </p>
      )}
      {lead.suspectedSpam && (
        <p class="warn">
          スパムの疑いがあります（フォームの隠し項目が入力されていました）。確認メールは送っていません。
        </p>
      )}
      <p>
        受付番号 <strong>{lead.id}</strong> 現在の段階:{' '}
        <span class="stage">{stageWords(lead.stage)}</span>
      </p>
      <ErrorSummary errors={form.errors} />
      <BookingSection lead={lead} formKey={form.key} />
      <h2>段階を記録する</h2>
      <StageForm lead={lead} {...form} />
      <h2>ご依頼内容</h2>
      {lead.erasedAt ? (
        <p class="note">消去済みです。</p>
      ) : (
        <RequestRows lead={lead} area={props.area} />
      )}
      <h2>流入元</h2>
      <SourceRows lead={lead} />
      <h2>配信の状態</h2>
      <DeliveryRows deliveries={lead.deliveries} />
      <h2>広告媒体への送信</h2>
      <PlatformRows lead={lead} />
      <h2>段階の履歴</h2>
      <HistoryRows history={lead.history} />
    </>
  );
}

async function showLead(c: AppContext, id: string, form?: StageFormState): Promise<Response> {
  const lead = await c.var.services.staff.lead(c.var.brand, id);
  if (!lead) {
    const missing = <p>この受付番号のお見積もり依頼は見つかりません。</p>;
    return staffPage(c, 404, messages.notFound, missing);
  }
  await audit(c, 'view', id);
  const area = await c.var.services.postalArea(lead.request.vehicle.postalCode ?? '');
  const state = form ?? { key: newKey(), values: noStageValues, errors: {} };
  const entered = !form && c.req.url.endsWith(`?${enteredQuery}`);
  const body = <LeadPage lead={lead} area={area} form={state} entered={entered} />;
  return staffPage(c, form ? 422 : 200, `お見積もり依頼 ${lead.id}`, body);
}

export const leadPage = (c: AppContext) => showLead(c, c.req.param('id') ?? '');

export async function postStage(c: AppContext): Promise<Response> {
  const id = c.req.param('id') ?? '';
  const posted = (await readForm(c)) ?? new URLSearchParams();
  const values = Object.fromEntries(
    Object.keys(noStageValues).map((name) => [name, posted.get(name) ?? '']),
  ) as StageFormValues;
  const key = posted.get('key') || newKey();
  const { staff, stageNotifier, now } = c.var.services;
  const lead = await staff.lead(c.var.brand, id);
  if (!lead) return showLead(c, id);
  const parsed = parseStageForm(values, now());
  if (!parsed.ok) return showLead(c, id, { values, errors: parsed.errors, key });
  const recorded = await changeStage(staff, stageNotifier, lead, parsed.value, {
    actor: actorOf(c),
    at: now().toISOString(),
    idempotencyKey: `page:${key}`,
    requestHash: await requestFingerprint(values),
  });
  if (recorded.kind === 'keyReused') {
    const errors = {
      form: 'この画面からは記録済みです。画面を開き直して、もう一度記録してください。',
    };
    return showLead(c, id, { values, errors, key: newKey() });
  }
  return seeOther(staffLeadPath(id));
}
