// The no-JS answer pages say what the dialog says (src/estimate/contract/summaryWords.ts).
import { errorSummaryTitle } from '../../../src/estimate/contract/summaryWords';
import { refusedAnswer } from '../../../server/estimate/answers';

describe('the refused page', () => {
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
