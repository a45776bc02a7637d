import type { BrandId } from '../brand/brands';
import type { MenuItem } from './types';

/** Header menu per brand (spec 2, menu items). Part of the browser bundle: keep it tiny. */
export const menus: Record<BrandId, MenuItem[]> = {
  carsupport: [
    { label: '特長', target: 'point' },
    { label: 'ご利用の流れ', target: 'flow' },
    { label: 'よくある質問', target: 'question' },
  ],
  yamada: [
    { label: 'TOP', target: 'top' },
    { label: 'ヤマダ車検とは', target: 'direction' },
    { label: 'ポイント', target: 'point' },
    { label: 'ご利用の流れ', target: 'flow' },
    { label: 'よくある質問', target: 'question' },
  ],
};
