// A phone lead: the estimate's own rules and messages for the fields it shares; only the name and
// the phone are required, for a call may not give the rest.
import * as v from 'valibot';
import { fields, type FieldPath } from '../../../src/estimate/contract/fieldTable';
import { makers } from '../../../src/estimate/contract/options';
import { checkExpiryDate, crossField } from '../../../src/estimate/contract/validation/crossField';
import { optional, record } from '../../../src/estimate/contract/validation/fields';
import {
  customerEntries,
  phoneNumber,
  requestEntries,
  vehicleEntries,
} from '../../../src/estimate/contract/validation/formParts';
import { messages } from '../../../src/estimate/contract/validation/messages';
import {
  normalizeDate,
  normalizeEmail,
  normalizeKana,
  normalizeText,
  toListedOption,
} from '../../../src/estimate/contract/validation/normalize';
import { parseWith, unreadableBody, type FormResult } from './result';

/** What the stored request takes; '' for a field not given. */
export type PhoneLead = {
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  phone: string;
  email: string;
  maker: string;
  model: string;
  expiryYear?: string;
  expiryMonth?: string;
  expiryDay?: string;
  notes: string;
};

/** `rule` is the estimate's, which requires the field: it runs only on a value given. */
function ifGiven(
  normalize: (value: string) => string,
  path: FieldPath,
  rule: v.GenericSchema<string, string>,
) {
  return optional(normalize, messages.enter(fields[path].label), rule);
}

const readingParts = record(
  {
    lastNameKana: ifGiven(normalizeKana, 'customer.lastNameKana', customerEntries.lastNameKana),
    firstNameKana: ifGiven(normalizeKana, 'customer.firstNameKana', customerEntries.firstNameKana),
  },
  messages.kana,
);

/** One box for the reading: セイ before its first space, メイ after, as the estimate keeps them. */
const reading = v.pipe(
  optional(normalizeKana, messages.kana),
  v.transform((kana): v.InferInput<typeof readingParts> => {
    const [last = '', ...first] = (kana ?? '').split(' ');
    return { lastNameKana: last, firstNameKana: first.join(' ') };
  }),
  readingParts,
);

const expiryParts = v.pipe(
  record(
    {
      expiryYear: vehicleEntries.expiryYear,
      expiryMonth: vehicleEntries.expiryMonth,
      expiryDay: vehicleEntries.expiryDay,
    },
    messages.expiryDate,
  ),
  crossField(checkExpiryDate),
);

/** 2027年3月15日, 2027/3/15, 2027-03-15 or a month alone (2027年3月), checked by the estimate's parts. */
const expiryPattern =
  /^(\d{4})\s*[年/.-]\s*(\d{1,2})\s*(?:月\s*)?(?:[/.-]?\s*(\d{1,2})\s*日?)?\s*(?:[（(].[）)])?$/u;

const expiry = v.pipe(
  optional(normalizeDate, messages.expiryDate),
  v.rawTransform<string | undefined, v.InferInput<typeof expiryParts> | undefined>(
    ({ dataset, addIssue, NEVER }) => {
      if (dataset.value === undefined) return undefined;
      const match = expiryPattern.exec(dataset.value);
      const [, expiryYear = '', expiryMonth = '', expiryDay] = match ?? [];
      if (match) return { expiryYear, expiryMonth, expiryDay };
      addIssue({ message: messages.expiryDate });
      return NEVER;
    },
  ),
  v.optional(expiryParts),
);

const phoneFormat = `${fields['customer.phone'].label}は 090-1234-5678 のように10桁か11桁で入力してください。`;

const phoneLeadSchema = v.pipe(
  record(
    {
      lastName: customerEntries.lastName,
      firstName: ifGiven(normalizeText, 'customer.firstName', customerEntries.firstName),
      kana: reading,
      phone: phoneNumber(phoneFormat),
      email: ifGiven(normalizeEmail, 'customer.email', customerEntries.email),
      maker: ifGiven(toListedOption(makers), 'vehicle.maker', vehicleEntries.maker),
      model: ifGiven(normalizeText, 'vehicle.model', vehicleEntries.model),
      expiry,
      note: requestEntries.notes,
    },
    unreadableBody,
  ),
  v.transform((value): PhoneLead => ({
    lastName: value.lastName,
    firstName: value.firstName ?? '',
    lastNameKana: value.kana?.lastNameKana ?? '',
    firstNameKana: value.kana?.firstNameKana ?? '',
    phone: value.phone,
    email: value.email ?? '',
    maker: value.maker ?? '',
    model: value.model ?? '',
    ...(value.expiry && {
      expiryYear: value.expiry.expiryYear,
      expiryMonth: value.expiry.expiryMonth,
      ...(value.expiry.expiryDay && { expiryDay: value.expiry.expiryDay }),
    }),
    notes: value.note ?? '',
  })),
);

/** Keyed by the controls: lastName, firstName, kana, phone, email, maker, model, expiry, note. */
export function parsePhoneLead(posted: unknown): FormResult<PhoneLead> {
  return parseWith(phoneLeadSchema, posted);
}
