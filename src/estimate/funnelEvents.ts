// The form's funnel events (docs/tracking.md), loaded with the form's aids.
import { pushEvent } from '../lib/dataLayer';
import type { EventContext } from './estimateEvents';
import { field, isFieldPath, type FieldPath } from './contract/fieldTable';
import type { messages } from './contract/validation/messages';

/** Passed in: they live in the form's chunk. */
type Messages = typeof messages;

/** `server`: the API refused the value; `format`: any other rule of the schema. */
function ruleOf(messages: Messages, path: FieldPath, message: string, type: string): string {
  if (type === 'server') return 'server';
  const { label, maxLength } = field(path);
  if (
    message === messages.enter(label) ||
    message === messages.choose(label) ||
    message === messages.consent
  ) {
    return 'required';
  }
  if (maxLength !== undefined && message.startsWith(`${label}は${maxLength}文字以内`)) {
    return 'too_long';
  }
  return 'format';
}

/** No event carries a value the visitor typed: only field paths, rule names and counts. */
export function createFunnel(context: () => EventContext, messages: Messages) {
  const reportedCounts = new Set<number>();
  const shown = new Map<FieldPath, string>();
  let lastField = '';
  let typedSinceReport = false;
  const base = () => {
    const { brand, entryPoint } = context();
    return { brand, entry_point: entryPoint };
  };
  return {
    touched(name: string) {
      if (!isFieldPath(name)) return;
      lastField = name;
      typedSinceReport = true;
    },
    progress(requiredLeft: number) {
      if (reportedCounts.has(requiredLeft)) return;
      reportedCounts.add(requiredLeft);
      pushEvent('estimate_progress', { ...base(), required_left: requiredLeft });
    },
    errors(current: ReadonlyMap<FieldPath, { message: string; type: string }>) {
      for (const path of [...shown.keys()]) if (!current.has(path)) shown.delete(path);
      for (const [path, { message, type }] of current) {
        if (shown.get(path) === message) continue;
        shown.set(path, message);
        pushEvent('estimate_field_error', {
          ...base(),
          field: path,
          rule: ruleOf(messages, path, message, type),
        });
      }
    },
    /** Once per spell of input. */
    hidden(started: boolean, requiredLeft: number) {
      if (!started || !typedSinceReport) return;
      typedSinceReport = false;
      pushEvent('estimate_abandon', {
        ...base(),
        last_field: lastField,
        required_left: requiredLeft,
      });
    },
    sent() {
      typedSinceReport = false;
      reportedCounts.clear();
    },
  };
}
