/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// One form for every stage: the fields a stage needs are checked on the server (forms.ts).
import { nextExpiryLabel } from '../../src/estimate/contract/guideConsent';
import { japaneseDay } from '../../src/lib/plainFormats';
import { defaultNextExpiry } from '../reminders/nextExpiry';
import { staffLeadPath } from '../site/paths';
import { FieldError, SelectField, TextField, type Errors } from '../views/fields';
import { excludedReasons, stageLabels, stageNames } from './stages';
import type { StaffLead } from './store';
import { shopOf } from '../../src/content/companies';

export type StageFormValues = Record<
  'stage' | 'bookedFor' | 'shop' | 'amount' | 'nextExpiry' | 'reason' | 'excludedReason',
  string
>;

/** The stage form as it first opens: nothing chosen, nothing typed. */
export const noStageValues: StageFormValues = {
  stage: '',
  bookedFor: '',
  shop: '',
  amount: '',
  nextExpiry: '',
  reason: '',
  excludedReason: '',
};

export type StageFormState = { key: string; values: StageFormValues; errors: Errors };

export function StageForm(props: { lead: StaffLead } & StageFormState) {
  const { lead, values, errors } = props;
  // A slot the visitor holds online is where a 予約確定 starts from.
  const held = lead.booking?.state === 'cancelled' ? undefined : lead.booking;
  const booked = (lead.stage.bookedFor ?? held?.start)?.slice(0, 16) ?? '';
  const shop = lead.stage.shop || (held && shopOf(lead.brand, held.shop)?.name) || '';
  const excludedOptions = [
    ['', '選択してください'] as const,
    ...excludedReasons.map((reason) => [reason, reason] as const),
  ];
  return (
    <form method="post" action={`${staffLeadPath(lead.id)}/stages`}>
      <input type="hidden" name="key" value={props.key} />
      <fieldset>
        <legend>次の段階</legend>
        {stageNames
          .filter((name) => name !== 'new')
          .map((name) => (
            <label>
              <input
                type="radio"
                name="stage"
                value={name}
                checked={values.stage === name}
                required
              />{' '}
              {stageLabels[name]}
            </label>
          ))}
        <FieldError id="f-stage" error={errors.stage} />
      </fieldset>
      <fieldset>
        <legend>予約確定のとき</legend>
        <TextField
          name="bookedFor"
          label="入庫日時"
          value={values.bookedFor || booked}
          type="datetime-local"
          error={errors.bookedFor}
        />
        <TextField
          name="shop"
          label="店舗"
          value={values.shop || shop}
          maxlength={100}
          error={errors.shop}
        />
      </fieldset>
      <fieldset>
        <legend>完了のとき</legend>
        <TextField
          name="amount"
          label="請求金額（円・税込）"
          value={values.amount}
          inputmode="numeric"
          error={errors.amount}
        />
        <TextField
          name="nextExpiry"
          label={`${nextExpiryLabel}（次回の車検時期のご案内に使います）`}
          value={values.nextExpiry || japaneseDay(defaultNextExpiry(lead, new Date()))}
          error={errors.nextExpiry}
        />
      </fieldset>
      <fieldset>
        <legend>失注・対象外のとき</legend>
        <TextField
          name="reason"
          label="失注の理由"
          value={values.reason}
          maxlength={200}
          error={values.stage === 'lost' ? errors.reason : undefined}
        />
        <SelectField
          name="excludedReason"
          label="対象外の理由"
          options={excludedOptions}
          selected={values.excludedReason}
        />
        <FieldError id="f-excludedReason" error={errors.excludedReason} />
      </fieldset>
      <p class="note">
        記録した段階は履歴に残ります。誤りは、正しい段階をもう一度記録して訂正してください。
      </p>
      <button>記録する</button>
    </form>
  );
}
