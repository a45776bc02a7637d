import { describe, expect, it } from 'vitest';
import { menus } from '../../src/content/menus';

describe('menus', () => {
  it('match the spec menu table for carsupport', () => {
    expect(menus.carsupport).toEqual([
      { label: '特長', target: 'point' },
      { label: 'ご利用の流れ', target: 'flow' },
      { label: 'よくある質問', target: 'question' },
    ]);
  });

  it('match the spec menu table for yamada', () => {
    expect(menus.yamada.map((item) => [item.label, item.target])).toEqual([
      ['TOP', 'top'],
      ['ヤマダ車検とは', 'direction'],
      ['ポイント', 'point'],
      ['ご利用の流れ', 'flow'],
      ['よくある質問', 'question'],
    ]);
  });
});
