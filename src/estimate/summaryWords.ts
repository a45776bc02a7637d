/**
 * The words of the list of what to fix after a refused estimate, shared by the dialog's error
 * summary (ErrorSummary.tsx) and the no-JS answer page (server/api/answerPages.ts), so both say
 * the same: the same title, and each field's message in the form's order.
 */
import { fieldPaths, isFieldPath, type FieldPath } from './fieldTable';

export const errorSummaryTitle = '入力内容をご確認ください';

/** One line of the list: the message, and the field it takes the visitor to (if the form has it). */
export type SummaryEntry = { path?: FieldPath; message: string };

/**
 * The messages of `errors` (keyed by field path): the form's fields in the form's order, then
 * those the form has no field for, as they came.
 */
export function summaryEntries(errors: Readonly<Record<string, string>>): SummaryEntry[] {
  const ofFields = fieldPaths.flatMap((path) =>
    Object.hasOwn(errors, path) ? [{ path, message: errors[path] ?? '' }] : [],
  );
  const others = Object.entries(errors)
    .filter(([key]) => !isFieldPath(key))
    .map(([, message]) => ({ message }));
  return [...ofFields, ...others];
}
