/**
 * The field table's rows of the fields the simple forms carry (車検満了日, メーカー, 車種,
 * 郵便番号), in the form's order. They are kept in their own module so that the first view loads
 * only these rows; fieldTable.ts puts them first among all the fields and describes the columns.
 */
import type { FieldGroup, FieldSpec } from './fieldTable';
import { dayOptions, makers, monthOptions } from './options';

const expiry: FieldGroup = { legend: '車検満了日', required: true };

export const quickFields = {
  'vehicle.expiryYear': {
    label: '車検満了日の年',
    group: expiry,
    part: '年',
    control: 'numberSelect',
    required: true,
    simpleForm: {
      typed: true,
      placeholder: '2026',
      inputMode: 'numeric',
      autoComplete: 'off',
      maxLength: 4,
    },
    column: 'expiry',
  },
  'vehicle.expiryMonth': {
    label: '車検満了日の月',
    group: expiry,
    part: '月',
    control: 'numberSelect',
    options: monthOptions,
    required: true,
    simpleForm: { placeholder: '--' },
    column: 'expiry',
  },
  'vehicle.expiryDay': {
    label: '車検満了日の日',
    group: expiry,
    part: '日',
    control: 'numberSelect',
    options: dayOptions,
    required: false,
    simpleForm: { placeholder: '--' },
    column: 'expiry',
  },
  'vehicle.maker': {
    label: 'メーカー',
    control: 'select',
    options: makers,
    placeholder: '選択してください',
    required: true,
    simpleForm: { placeholder: '選択してください' },
    column: 'maker',
    stored: 'maker',
  },
  'vehicle.model': {
    label: '車種',
    control: 'text',
    required: true,
    maxLength: 50,
    autoComplete: 'off',
    hint: '例: プリウス、N-BOX',
    simpleForm: { placeholder: '例：プリウス', autoComplete: 'off' },
    column: 'model',
    stored: 'model',
  },
  'vehicle.postalCode': {
    label: '郵便番号',
    control: 'text',
    required: true,
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    hint: '最寄りの店舗をご案内します（例: 123-4567）',
    simpleForm: {
      placeholder: '例：1000001',
      inputMode: 'numeric',
      autoComplete: 'postal-code',
      // 「〒123-4567」 and 「〒 123 4567」 as people write them: 7 digits plus 〒, a hyphen, spaces.
      maxLength: 10,
    },
    column: 'postalCode',
    stored: 'postal_code',
  },
} as const satisfies Record<string, FieldSpec>;
