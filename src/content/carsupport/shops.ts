import type { Shop } from '../shops';
import { brands } from '../../brand/brands';

// カーサポート車検's shops. Examples until the operator gives the real ones (docs/deploy.md,
// "Launch checklist"): each is marked `example`, shown as 【見本の店舗】 and refused by
// `npm run release:check`. Their phone is the brand's own call centre, so a call reaches someone.
const weekdays = { open: '9:00', close: '18:00' } as const;
const saturday = { open: '9:00', close: '17:00' } as const;

const common = {
  phone: brands.carsupport.phone,
  hours: { 1: weekdays, 2: weekdays, 4: weekdays, 5: weekdays, 6: saturday },
  closedOnHolidays: true,
  slotTimes: ['9:30', '11:00', '13:30', '15:00', '16:30'],
  capacity: 2,
  leadDays: 2,
  cutoff: { daysBefore: 1, time: '18:00' },
  durationMinutes: 90,
  confirmWithinHours: 4,
  example: true,
} as const satisfies Partial<Shop>;

export const shops: readonly Shop[] = [
  {
    ...common,
    id: 'shibuya',
    name: '渋谷店',
    postalCode: '1500001',
    address: '東京都渋谷区神宮前1丁目',
    mapUrl:
      'https://www.google.com/maps/search/?api=1&query=%E6%9D%B1%E4%BA%AC%E9%83%BD%E6%B8%8B%E8%B0%B7%E5%8C%BA%E7%A5%9E%E5%AE%AE%E5%89%8D1%E4%B8%81%E7%9B%AE',
    confirmation: 'staff',
  },
  {
    ...common,
    id: 'setagaya',
    name: '世田谷店',
    postalCode: '1540001',
    address: '東京都世田谷区池尻1丁目',
    mapUrl:
      'https://www.google.com/maps/search/?api=1&query=%E6%9D%B1%E4%BA%AC%E9%83%BD%E4%B8%96%E7%94%B0%E8%B0%B7%E5%8C%BA%E6%B1%A0%E5%B0%BB1%E4%B8%81%E7%9B%AE',
    confirmation: 'instant',
  },
  {
    ...common,
    id: 'yokohama',
    name: '横浜店',
    postalCode: '2200011',
    address: '神奈川県横浜市西区高島1丁目',
    mapUrl:
      'https://www.google.com/maps/search/?api=1&query=%E7%A5%9E%E5%A5%88%E5%B7%9D%E7%9C%8C%E6%A8%AA%E6%B5%9C%E5%B8%82%E8%A5%BF%E5%8C%BA%E9%AB%98%E5%B3%B61%E4%B8%81%E7%9B%AE',
    confirmation: 'staff',
  },
];
