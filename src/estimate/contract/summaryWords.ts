/**
 * The words of the list of what to fix after a refused estimate, shared by the dialog's error
 * summary (ErrorSummary.tsx) and the no-JS answer page (server/core/answerPages.ts), so both say
 * the same: the same title, and each field's message in the form's order. The dialog's summary
 * and the funnel's estimate_field_error (formAids.ts) read the messages its fields show alike
 * (fieldMessages).
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

/** The entry at `path` ("vehicle.postalCode") of values or errors shaped like the form. */
export function atPath(tree: unknown, path: FieldPath): unknown {
  let node = tree;
  for (const key of path.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

/** A message a field shows, and the kind of rule behind it (react-hook-form's `type`). */
export type FieldMessage = { path: FieldPath; message: string; type: string };

/** The messages the fields show in `errors` (react-hook-form's, shaped like the form), in order. */
export function fieldMessages(errors: unknown): FieldMessage[] {
  return fieldPaths.flatMap((path) => {
    const entry = atPath(errors, path) as { message?: unknown; type?: unknown } | undefined;
    const message = entry?.message;
    return typeof message === 'string' && message
      ? [{ path, message, type: String(entry?.type ?? '') }]
      : [];
  });
}
