import { mapSearchUrl, type Shop } from '../shops';
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
    mapUrl: mapSearchUrl('東京都渋谷区神宮前1丁目'),
    confirmation: 'staff',
  },
  {
    ...common,
    id: 'setagaya',
    name: '世田谷店',
    postalCode: '1540001',
    address: '東京都世田谷区池尻1丁目',
    mapUrl: mapSearchUrl('東京都世田谷区池尻1丁目'),
    confirmation: 'instant',
  },
  {
    ...common,
    id: 'yokohama',
    name: '横浜店',
    postalCode: '2200011',
    address: '神奈川県横浜市西区高島1丁目',
    mapUrl: mapSearchUrl('神奈川県横浜市西区高島1丁目'),
    confirmation: 'staff',
  },
];
