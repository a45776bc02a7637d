import { describe, expect, it } from 'vitest';
import { summaryEntries } from '../../src/estimate/contract/summaryWords';
import { fieldPaths } from '../../src/estimate/contract/fieldTable';

describe('the error summary', () => {
  it("lists the fields' messages in the form's order, then those with no field", () => {
    const entries = summaryEntries({
      form: '送信内容が正しくありません',
      'customer.phone': '電話番号を入力してください',
      'vehicle.maker': 'メーカーを選択してください',
    });
    expect(entries).toEqual([
      { path: 'vehicle.maker', message: 'メーカーを選択してください' },
      { path: 'customer.phone', message: '電話番号を入力してください' },
      { message: '送信内容が正しくありません' },
    ]);
    expect(fieldPaths.indexOf('vehicle.maker')).toBeLessThan(fieldPaths.indexOf('customer.phone'));
  });
});
