import type { Shop } from '../shops';
import { brands } from '../../brand/brands';

// ヤマダ車検's shops. Examples until the operator gives the real ones (docs/deploy.md, "Launch
// checklist"): each is marked `example`, shown as 【見本の店舗】 and refused by
// `npm run release:check`. Their phone is the brand's own call centre, so a call reaches someone.
const open = { open: '10:00', close: '19:00' } as const;

const common = {
  phone: brands.yamada.phone,
  hours: { 0: open, 1: open, 2: open, 3: open, 5: open, 6: open },
  closedOnHolidays: false,
  slotTimes: ['10:00', '11:30', '13:30', '15:00', '16:30', '18:00'],
  capacity: 3,
  leadDays: 1,
  cutoff: { daysBefore: 1, time: '18:00' },
  durationMinutes: 60,
  confirmWithinHours: 2,
  example: true,
} as const satisfies Partial<Shop>;

export const shops: readonly Shop[] = [
  {
    ...common,
    id: 'takasaki',
    name: '高崎店',
    postalCode: '3700001',
    address: '群馬県高崎市岩押町',
    mapUrl:
      'https://www.google.com/maps/search/?api=1&query=%E7%BE%A4%E9%A6%AC%E7%9C%8C%E9%AB%98%E5%B4%8E%E5%B8%82%E5%B2%A9%E6%8A%BC%E7%94%BA',
    confirmation: 'instant',
  },
  {
    ...common,
    id: 'ikebukuro',
    name: '池袋店',
    postalCode: '1710022',
    address: '東京都豊島区南池袋1丁目',
    mapUrl:
      'https://www.google.com/maps/search/?api=1&query=%E6%9D%B1%E4%BA%AC%E9%83%BD%E8%B1%8A%E5%B3%B6%E5%8C%BA%E5%8D%97%E6%B1%A0%E8%A2%8B1%E4%B8%81%E7%9B%AE',
    confirmation: 'staff',
  },
  {
    ...common,
    id: 'umeda',
    name: '梅田店',
    postalCode: '5300001',
    address: '大阪府大阪市北区梅田1丁目',
    mapUrl:
      'https://www.google.com/maps/search/?api=1&query=%E5%A4%A7%E9%98%AA%E5%BA%9C%E5%A4%A7%E9%98%AA%E5%B8%82%E5%8C%97%E5%8C%BA%E6%A2%85%E7%94%B01%E4%B8%81%E7%9B%AE',
    confirmation: 'staff',
  },
];
