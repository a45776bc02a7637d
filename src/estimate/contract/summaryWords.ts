// What to fix after a refused estimate, worded alike by the dialog and the no-JS answer page.
import { fieldPaths, isFieldPath, type FieldPath } from './fieldTable';

export const errorSummaryTitle = '入力内容をご確認ください';

export type SummaryEntry = { path?: FieldPath; message: string };

/** The form's fields in its order, then those it has no field for, as they came. */
export function summaryEntries(errors: Readonly<Record<string, string>>): SummaryEntry[] {
  const ofFields = fieldPaths.flatMap((path) =>
    Object.hasOwn(errors, path) ? [{ path, message: errors[path] ?? '' }] : [],
  );
  const others = Object.entries(errors)
    .filter(([key]) => !isFieldPath(key))
    .map(([, message]) => ({ message }));
  return [...ofFields, ...others];
}

export function atPath(tree: unknown, path: FieldPath): unknown {
  let node = tree;
  for (const key of path.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

export type FieldMessage = { path: FieldPath; message: string; type: string };

export function fieldMessages(errors: unknown): FieldMessage[] {
  return fieldPaths.flatMap((path) => {
    const entry = atPath(errors, path) as { message?: unknown; type?: unknown } | undefined;
    const message = entry?.message;
    return typeof message === 'string' && message
      ? [{ path, message, type: String(entry?.type ?? '') }]
      : [];
  });
}
