// The simple forms' fields, apart so the first view loads only these; fieldTable.ts adds the rest.
import type { FieldGroup, FieldSpec } from './fieldSpec';
import { dayOptions, makers, monthOptions } from './options';

export type QuickFieldSpec = Pick<
  FieldSpec,
  'label' | 'group' | 'part' | 'options' | 'required' | 'example' | 'simpleForm'
>;

const expiry: FieldGroup = { legend: '車検満了日', required: true };

export const quickFields = {
  'vehicle.expiryYear': {
    label: '車検満了日の年',
    group: expiry,
    part: '年',
    required: true,
    simpleForm: {
      typed: true,
      inputMode: 'numeric',
      // Not 'off', which stops the browser restoring the value on Back (from a refusal page).
      autoComplete: 'on',
      // 2027, 27 or 令和9年 (6 with a full-width 令和10年).
      maxLength: 6,
    },
  },
  'vehicle.expiryMonth': {
    label: '車検満了日の月',
    group: expiry,
    part: '月',
    options: monthOptions,
    required: true,
    simpleForm: { placeholder: '--' },
  },
  'vehicle.expiryDay': {
    label: '車検満了日の日',
    group: expiry,
    part: '日',
    options: dayOptions,
    required: false,
    simpleForm: { placeholder: '--' },
  },
  'vehicle.maker': {
    label: 'メーカー',
    options: makers,
    required: true,
    simpleForm: { placeholder: '選択してください' },
  },
  'vehicle.model': {
    label: '車種',
    required: true,
    example: 'プリウス、N-BOX',
    simpleForm: { autoComplete: 'on' },
  },
  'vehicle.postalCode': {
    label: '郵便番号',
    required: true,
    example: '123-4567',
    simpleForm: {
      inputMode: 'numeric',
      autoComplete: 'postal-code',
      // 「〒123-4567」 and 「〒 123 4567」 as people write them: 7 digits plus 〒, a hyphen, spaces.
      maxLength: 10,
    },
  },
} as const satisfies Record<string, QuickFieldSpec>;
