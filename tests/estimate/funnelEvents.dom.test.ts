import { describe, expect, it } from 'vitest';
import type { FieldPath } from '../../src/estimate/contract/fieldTable';
import { createFunnel } from '../../src/estimate/funnelEvents';
import { messages } from '../../src/estimate/contract/validation/messages';
import { clearDataLayerAfterEach, dataLayerEntries } from '../dataLayer';

const layer = dataLayerEntries;
clearDataLayerAfterEach();

const context = () => ({ brand: 'yamada', entryPoint: 'cta' }) as const;
const base = { brand: 'yamada', entry_point: 'cta' };
const shown = (entries: [FieldPath, string, string?][]) =>
  new Map(entries.map(([path, message, type = '']) => [path, { message, type }]));

// The funnel's events of docs/tracking.md: field paths, rules and counts, never a typed value.
describe('the funnel events', () => {
  it('report each count of required fields left once', () => {
    const funnel = createFunnel(context, messages);
    for (const left of [11, 10, 11, 9, 10]) funnel.progress(left);
    expect(layer()).toEqual([
      { ...base, event: 'estimate_progress', required_left: 11 },
      { ...base, event: 'estimate_progress', required_left: 10 },
      { ...base, event: 'estimate_progress', required_left: 9 },
    ]);
  });

  it('report each message as it shows, with its rule', () => {
    const funnel = createFunnel(context, messages);
    funnel.errors(shown([['customer.phone', messages.enter('電話番号')]]));
    funnel.errors(shown([['customer.phone', messages.enter('電話番号')]]));
    funnel.errors(
      shown([
        ['customer.phone', messages.phone],
        ['customer.email', 'このメールアドレスには送信できません', 'server'],
        ['request.notes', messages.maxLength('備考', 1000, 1001)],
        ['consent', messages.consent],
      ]),
    );
    expect(layer().map(({ field, rule }) => [field, rule])).toEqual([
      ['customer.phone', 'required'],
      ['customer.phone', 'format'],
      ['customer.email', 'server'],
      ['request.notes', 'too_long'],
      ['consent', 'required'],
    ]);
    expect(layer()[0]).toEqual({
      ...base,
      event: 'estimate_field_error',
      field: 'customer.phone',
      rule: 'required',
    });
  });

  it('report an abandon only for a started, unsent form, once per spell of input', () => {
    const funnel = createFunnel(context, messages);
    funnel.hidden(false, 12);
    funnel.touched('customer.phone');
    funnel.touched('not-a-field');
    funnel.hidden(true, 5);
    funnel.hidden(true, 5);
    funnel.touched('customer.email');
    funnel.sent();
    funnel.hidden(true, 0);
    expect(layer()).toEqual([
      { ...base, event: 'estimate_abandon', last_field: 'customer.phone', required_left: 5 },
    ]);
  });
});
