import type { CompanyFacts } from '../types';

/**
 * ヤマダ車検 operator facts: the ONE place to fill in before launch. Every value marked
 * 【要確認】 is a placeholder; never replace one with a guess or an invented registration number.
 * receptionHours matches the default business_time (9:00–19:00) of the local API.
 */
export const company: CompanyFacts = {
  name: '【要確認】株式会社〇〇（ヤマダ車検 運営会社）',
  representative: '【要確認】代表取締役 〇〇 〇〇',
  address: '【要確認】〒000-0000 〇〇県〇〇市〇〇 0-0-0',
  email: '【要確認】support@example.com',
  receptionHours: '9:00〜19:00',
  holidays: '年末年始',
};
