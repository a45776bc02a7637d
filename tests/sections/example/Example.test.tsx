import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landing } from '../../../src/content/carsupport/landing';
import { legalFeesAsOf, legalFeesCheckedOn } from '../../../src/content/legalFees';
import { japaneseDay } from '../../../src/lib/plainFormats';
import { Example } from '../../../src/sections/example/Example';
import { renderWithBrand } from '../renderWithBrand';

const yen = new Intl.NumberFormat('ja-JP');

/** What a class's panel must show, summed from the content's parts (not restated). */
function shownFees(label: string) {
  const cost = landing.example.classes.find((each) => each.label === label);
  if (!cost) throw new Error(`no class ${label}`);
  const legal = cost.weightTax + cost.liabilityInsurance + cost.stampFee;
  return {
    legal: `例 ${yen.format(legal)}円（消費税はかかりません）`,
    total: `例 ${yen.format(legal + cost.basicFee - cost.discount)}円〜（税込・法定費用込み）`,
  };
}

function selectedTabs() {
  return screen.getAllByRole('tab').filter((tab) => tab.getAttribute('aria-selected') === 'true');
}

describe('Example tabs', () => {
  it('starts with the first class selected and its panel alone visible', () => {
    renderWithBrand(<Example copy={landing.example} />);
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['軽自動車']);
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('軽自動車');
    expect(panel).toHaveTextContent(shownFees('軽自動車').legal);
    expect(panel).toHaveTextContent(shownFees('軽自動車').total);
  });

  it('moves the selection with arrow keys, wrapping, and Home/End', async () => {
    const user = userEvent.setup();
    renderWithBrand(<Example copy={landing.example} />);
    await user.click(screen.getByRole('tab', { name: '軽自動車' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '〜1.0t' })).toHaveFocus();
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['〜1.0t']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent(shownFees('〜1.0t').legal);

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['〜2.5t']);
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: '軽自動車' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(selectedTabs().map((tab) => tab.textContent)).toEqual(['〜2.5t']);
  });

  it('keeps exactly one tab selected and one in the tab order', async () => {
    const user = userEvent.setup();
    renderWithBrand(<Example copy={landing.example} />);
    await user.click(screen.getByRole('tab', { name: '〜1.5t' }));
    await user.click(screen.getByRole('tab', { name: '〜1.5t' }));
    expect(selectedTabs()).toHaveLength(1);
    const focusable = screen.getAllByRole('tab').filter((tab) => tab.tabIndex === 0);
    expect(focusable.map((tab) => tab.textContent)).toEqual(['〜1.5t']);
  });

  it('prerenders every panel readable and hides the others only after hydration', async () => {
    const { BrandProvider } = await import('../../../src/brand/BrandProvider');
    const ui = (
      <BrandProvider brand="carsupport">
        <Example copy={landing.example} />
      </BrandProvider>
    );
    const html = renderToString(ui);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const panels = () => Array.from(container.querySelectorAll('[role="tabpanel"]'));
    expect(panels()).toHaveLength(5);
    expect(panels().filter((panel) => panel.hasAttribute('hidden'))).toHaveLength(0);
    // Each table's prices carry their as-of date, whichever one a link or a screenshot shows.
    for (const caption of container.querySelectorAll('caption')) {
      expect(caption.textContent).toContain(`法定費用は${japaneseDay(legalFeesAsOf)}時点の料率`);
    }
    // Without scripts the section reads as before: no price check, nothing that cannot work.
    expect(container.querySelector('select, [role="status"]')).toBeNull();

    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(panels().filter((panel) => !panel.hasAttribute('hidden'))).toHaveLength(1);
    act(() => root.unmount());
    container.remove();
  });
});

describe('Price check', () => {
  // 2026-11-24 noon in Tokyo: a car first registered 2013-12 meets its 13-year expiry next month.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("recomputes the selected class's table and announces the total as the visitor chooses", async () => {
    const user = userEvent.setup();
    renderWithBrand(<Example copy={landing.example} />);
    const status = await screen.findByRole('status');
    // 6,600 + 17,540 + 1,800 (印紙代, 軽 at a 指定工場) + 13,200 − 2,200
    expect(status).toHaveTextContent('軽自動車の総額（概算）例 36,940円〜');
    expect(status).toHaveTextContent('13年未満のお車として計算');

    await user.click(screen.getByRole('tab', { name: '〜1.5t' }));
    await user.selectOptions(screen.getByLabelText('初度登録年月の年'), '2013');
    expect(status).toHaveTextContent('年と月の両方を選ぶと反映されます');
    await user.selectOptions(screen.getByLabelText('初度登録年月の月'), '12');

    // 34,200 + 17,650 + 1,600 + 16,500 − 2,200
    expect(status).toHaveTextContent('〜1.5tの総額（概算）例 67,750円〜');
    expect(status).toHaveTextContent('次回の車検満了（目安）2026年12月・13年経過の重量税で計算');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('重量税（13年経過） 34,200円');
    expect(panel).toHaveTextContent('例 67,750円〜（税込・法定費用込み）');
  });

  it('counts a 軽 by its 初度検査 year and a 登録車 by its month, at the same expiry', async () => {
    const user = userEvent.setup();
    renderWithBrand(<Example copy={landing.example} />);
    const status = await screen.findByRole('status');
    await user.selectOptions(screen.getByLabelText('初度登録年月の年'), '2014');
    await user.selectOptions(screen.getByLabelText('初度登録年月の月'), '1');
    // Next expiry 2027-01. 軽: the higher rate only from 2027-11 (November of 2014 + 13).
    expect(status).toHaveTextContent('次回の車検満了（目安）2027年1月・13年未満の重量税で計算');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('重量税（13年未満） 6,600円');
    // 登録車: from the 156th month counting 2014-01 as the first, 2026-12.
    await user.click(screen.getByRole('tab', { name: '〜1.0t' }));
    expect(status).toHaveTextContent('2027年1月・13年経過の重量税で計算');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('重量税（13年経過） 22,800円');
  });

  it('says what the price assumes: the as-of date, the shop type, the region, no eco-car reduction', async () => {
    renderWithBrand(<Example copy={landing.example} />);
    await screen.findByRole('status');
    const section = document.body;
    const asOf = japaneseDay(legalFeesAsOf);
    expect(section).toHaveTextContent(
      `法定費用は${asOf}時点の料率で計算した、指定工場・本土の自賠責保険料（24か月）・エコカー減税なしの例です。`,
    );
    expect(section).toHaveTextContent(
      `これらの料率は${japaneseDay(legalFeesCheckedOn)}に確認しました。`,
    );
    expect(section).not.toHaveTextContent('確認できていない');
    expect(section).toHaveTextContent(`法定費用は${asOf}時点の額で、指定工場での車検`);
    expect(section).toHaveTextContent(
      '検査場への持込では、普通車2,300円・小型車2,200円・軽自動車2,200円',
    );
    expect(section).toHaveTextContent('沖縄県と離島では保険料が異なります');
    expect(section).toHaveTextContent(landing.example.priceCheck.ecoNote);
  });

  it('opens the estimate prefilled, with the class and the total the visitor saw', async () => {
    const user = userEvent.setup();
    renderWithBrand(<Example copy={landing.example} />);
    await screen.findByRole('status');
    await user.click(screen.getByRole('tab', { name: '〜2.5t' }));
    await user.selectOptions(screen.getByLabelText('初度登録年月の年'), '2006');
    await user.selectOptions(screen.getByLabelText('初度登録年月の月'), '4');
    const button = screen.getByRole('button', { name: 'この条件で見積もりを依頼' });
    expect(button).toHaveAttribute('data-estimate-opener', 'price-check');
    expect(button).toHaveAttribute('command', 'show-modal');
    expect(JSON.parse(button.getAttribute('data-estimate-values') ?? '')).toEqual({
      'vehicle.firstRegistrationYear': '2006',
      'vehicle.firstRegistrationMonth': '4',
      // 63,000 + 17,650 + 1,600 + 19,800 − 2,200
      'quote.vehicleClass': 'upto-2500kg',
      'quote.roughTotal': '99850',
    });
  });

  it('sends no 初度登録年月 when none was chosen, and the under-13 total', async () => {
    renderWithBrand(<Example copy={landing.example} />);
    await screen.findByRole('status');
    const button = screen.getByRole('button', { name: 'この条件で見積もりを依頼' });
    // 軽: 6,600 + 17,540 + 1,800 (印紙代 at a 指定工場) + the basic fee − the discount.
    expect(JSON.parse(button.getAttribute('data-estimate-values') ?? '')).toEqual({
      'quote.vehicleClass': 'kei',
      'quote.roughTotal': '36940',
    });
  });
});
