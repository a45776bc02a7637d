// The local sign-in: the name the audit log records, and the shared key, which auth.ts judges.
import * as v from 'valibot';
import { fields } from '../../../src/estimate/contract/fieldTable';
import { maxChars, record, required } from '../../../src/estimate/contract/validation/fields';
import { messages } from '../../../src/estimate/contract/validation/messages';
import { normalizeText } from '../../../src/estimate/contract/validation/normalize';
import { parseWith, unreadableBody, type FormResult } from './result';

const nameLabel = fields['customer.lastName'].group.legend;
const nameMaxLength = 50;

const signInSchema = record(
  {
    name: required(
      normalizeText,
      messages.enter(nameLabel),
      v.pipe(v.string(), maxChars(nameLabel, nameMaxLength)),
    ),
    // Taken as typed: a key is never trimmed.
    secret: required((secret) => secret, messages.enter('共有キー')),
  },
  unreadableBody,
);

export type SignIn = { name: string; secret: string };

export function parseSignIn(posted: unknown): FormResult<SignIn> {
  return parseWith(signInSchema, posted);
}
