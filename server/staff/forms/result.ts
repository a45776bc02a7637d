// What every staff form's parse answers: the value, or one Japanese message per control.
import * as v from 'valibot';

/** A body that is not an object of fields. */
export const unreadableBody = '送信内容を読み取れませんでした。';

export type FormResult<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/** Keyed by the form's control: the path's first key, "form" for the body itself. */
export function parseWith<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): FormResult<v.InferOutput<TSchema>> {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return { ok: true, value: parsed.output };
  const errors: Record<string, string> = {};
  for (const issue of parsed.issues) {
    const key = issue.path?.[0]?.key;
    errors[key === undefined ? 'form' : String(key)] ??= issue.message;
  }
  return { ok: false, errors };
}
