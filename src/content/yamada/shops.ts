import { mapSearchUrl, type Shop } from '../shops';
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
    mapUrl: mapSearchUrl('群馬県高崎市岩押町'),
    confirmation: 'instant',
  },
  {
    ...common,
    id: 'ikebukuro',
    name: '池袋店',
    postalCode: '1710022',
    address: '東京都豊島区南池袋1丁目',
    mapUrl: mapSearchUrl('東京都豊島区南池袋1丁目'),
    confirmation: 'staff',
  },
  {
    ...common,
    id: 'umeda',
    name: '梅田店',
    postalCode: '5300001',
    address: '大阪府大阪市北区梅田1丁目',
    mapUrl: mapSearchUrl('大阪府大阪市北区梅田1丁目'),
    confirmation: 'staff',
  },
];
