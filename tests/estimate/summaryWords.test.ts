import { describe, expect, it } from 'vitest';
import { errorSummaryTitle, summaryEntries } from '../../src/estimate/contract/summaryWords';
import { fieldPaths } from '../../src/estimate/contract/fieldTable';
import { refusedAnswer } from '../../server/estimate/answers';

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

  it('says the same on the no-JS answer page: its title, and the messages as links in that order', async () => {
    const answer = await refusedAnswer(
      'carsupport',
      {
        'customer.phone': '電話番号を入力してください',
        'vehicle.maker': 'メーカーを選択してください',
      },
      { entryPoint: 'header' },
      '/api/estimates',
    );
    const html = await answer.text();
    expect(html).toContain(`<h1>${errorSummaryTitle}</h1>`);
    const maker = html.indexOf('<a href="#f-vehicle-maker">メーカーを選択してください</a>');
    const phone = html.indexOf('<a href="#f-customer-phone">電話番号を入力してください</a>');
    expect(maker).toBeGreaterThan(-1);
    expect(phone).toBeGreaterThan(maker);
  });
});
