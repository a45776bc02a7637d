/** @jsxImportSource hono/jsx */
/** @jsxRuntime automatic */
// A lead taken by phone, entered by staff: checked as the estimate is, stored as one, 連絡済み at once.
import { makers } from '../../src/estimate/contract/options';
import { seeOther } from '../http/answers';
import { readForm } from '../http/body';
import type { AppContext } from '../http/context';
import { requestFingerprint } from '../leads/contentHash';
import { receiptId } from '../leads/receiptId';
import { parseStoredRequest } from '../leads/storedRequest';
import { staffLeadPath } from '../site/paths';
import { ErrorSummary, SelectField, TextField, type Errors } from '../views/fields';
import { parsePhoneLead, type PhoneLead } from './forms/phoneLead';
import { actorOf, audit } from './gate';
import { staffPage } from './layout';
import { changeStage } from './stageChange';
import { fieldWords } from './words';

const phoneLeadNames = [
  'lastName',
  'firstName',
  'kana',
  'phone',
  'email',
  'maker',
  'model',
  'expiry',
  'note',
] as const;
type PhoneLeadValues = Record<(typeof phoneLeadNames)[number], string>;

const makerOptions = [['', '選択してください'] as const, ...makers.map((m) => [m, m] as const)];
const newKey = () => crypto.randomUUID();

/** On the lead's page after 記録する: it then says which mails went out. */
export const enteredQuery = 'entered=phone';
const title = '電話の受付を入力';

function PhoneLeadPage(props: { values: PhoneLeadValues; errors: Errors; key: string }) {
  const { values, errors } = props;
  return (
    <>
      <ErrorSummary errors={errors} />
      <p>お電話で受けたお見積もり依頼を記録します（流入元は「電話」になります）。</p>
      <form method="post" action="/staff/leads">
        <input type="hidden" name="key" value={props.key} />
        <TextField
          name="lastName"
          label={fieldWords.lastName}
          value={values.lastName}
          required
          error={errors.lastName}
        />
        <TextField
          name="firstName"
          label={fieldWords.firstName}
          value={values.firstName}
          error={errors.firstName}
        />
        <TextField name="kana" label={fieldWords.kana} value={values.kana} error={errors.kana} />
        <TextField
          name="phone"
          label={fieldWords.phone}
          value={values.phone}
          type="tel"
          required
          autocomplete="off"
          error={errors.phone}
        />
        <TextField
          name="email"
          label={`${fieldWords.email}（あれば。受付確認メールを送ります）`}
          value={values.email}
          type="email"
          autocomplete="off"
          error={errors.email}
        />
        <SelectField
          name="maker"
          label={fieldWords.maker}
          options={makerOptions}
          selected={values.maker}
        />
        <TextField
          name="model"
          label={fieldWords.model}
          value={values.model}
          error={errors.model}
        />
        <TextField
          name="expiry"
          label={fieldWords.expiry}
          value={values.expiry}
          placeholder="例：2027年3月15日"
          autocomplete="off"
          error={errors.expiry}
        />
        <TextField name="note" label="メモ（ご要望など）" value={values.note} error={errors.note} />
        <button>記録する</button>
      </form>
    </>
  );
}

/** As the estimate stores a lead: the call's own entry point and source. */
function storedPhoneLead(lead: PhoneLead) {
  const { maker, model, expiryYear, expiryMonth, expiryDay, notes, ...customer } = lead;
  return {
    entryPoint: 'phone',
    vehicle: {
      maker,
      model,
      ...(expiryYear && { expiryYear, expiryMonth, ...(expiryDay && { expiryDay }) }),
    },
    customer,
    request: { notes },
    tracking: { source: '電話' },
  };
}

const emptyValues = Object.fromEntries(phoneLeadNames.map((name) => [name, ''])) as PhoneLeadValues;

export const phoneLeadForm = (c: AppContext) =>
  staffPage(c, 200, title, <PhoneLeadPage values={emptyValues} errors={{}} key={newKey()} />);

export async function createPhoneLead(c: AppContext): Promise<Response> {
  const posted = (await readForm(c)) ?? new URLSearchParams();
  const values = Object.fromEntries(
    phoneLeadNames.map((name) => [name, (posted.get(name) ?? '').trim()]),
  ) as PhoneLeadValues;
  const key = posted.get('key') || newKey();
  const parsed = parsePhoneLead(values);
  if (!parsed.ok) {
    return staffPage(
      c,
      422,
      title,
      <PhoneLeadPage values={values} errors={parsed.errors} key={key} />,
    );
  }
  const { brand } = c.var;
  const { leads, staff, stageNotifier, leadNotifier, now } = c.var.services;
  const received = now();
  const { id, created } = await leads.insert(
    {
      id: receiptId(received),
      brand,
      idempotencyKey: `staff:${key}`,
      contentHash: `staff:${key}`,
      requestHash: await requestFingerprint(values),
      receivedAt: received.toISOString(),
      suspectedSpam: false,
      request: parseStoredRequest(storedPhoneLead(parsed.value), brand),
    },
    received.toISOString(),
  );
  if (created) {
    await audit(c, 'create', id);
    const lead = await staff.lead(brand, id);
    // Decided now, so the outbox sweep never takes it for a lead the queue lost.
    if (lead) await leadNotifier.decideAndQueue(lead);
    // The call itself was the contact.
    if (lead) {
      await changeStage(
        staff,
        stageNotifier,
        lead,
        { stage: 'contacted' },
        {
          actor: actorOf(c),
          at: received.toISOString(),
          idempotencyKey: `created:${key}`,
          requestHash: 'phone',
        },
      );
    }
  }
  return seeOther(`${staffLeadPath(id)}?${enteredQuery}`);
}
