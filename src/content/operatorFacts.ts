// Facts only the operator can give (docs/deploy.md, "Launch checklist"): the company's, listed here
// with what each is for and declared in src/content/<brand>/company.ts; those of the build and
// deploy environment are listed in deploy/releaseCheck.ts, which refuses a release while any is unset.
import type { Brand } from '../brand/brands';
import type { CompanyFacts } from './types';

type CompanyFactName = 'name' | 'representative' | 'address' | 'email';

/** null: not given yet. Never a guess, never a made-up registration number. */
export type DeclaredCompany = Record<CompanyFactName, string | null>;

export type OperatorFact = { label: string; use: string };

export const companyFacts: Record<CompanyFactName, OperatorFact> = {
  name: {
    label: '運営会社の名称',
    use: '特定商取引法に基づく表記の販売事業者、利用規約・プライバシーポリシーの「当社」、受付確認メールの署名',
  },
  representative: {
    label: '運営責任者（代表者）',
    use: '特定商取引法に基づく表記の運営責任者、プライバシーポリシーの代表者',
  },
  address: {
    label: '所在地',
    use: '特定商取引法に基づく表記、プライバシーポリシーのお問い合わせ窓口、受付確認メールの署名',
  },
  email: {
    label: 'お問い合わせメールアドレス',
    use: '特定商取引法に基づく表記、プライバシーポリシーのお問い合わせ窓口',
  },
};

/** Shown on the pages and in the mails while a fact is unset, so no one takes it for a company. */
const unsetMark = '【未設定】';

/** The company as pages and mails print it; the phone's hours are the brand row's. */
export function shownCompany(declared: DeclaredCompany, brand: Brand): CompanyFacts {
  const shown = (name: CompanyFactName) =>
    declared[name] ?? `${unsetMark}${companyFacts[name].label}`;
  return {
    name: shown('name'),
    representative: shown('representative'),
    address: shown('address'),
    email: shown('email'),
    receptionHours: brand.receptionHours,
    holidays: brand.holidays,
  };
}

/** The phone as a page or mail gives it: 0120-… （受付時間 9:00〜19:00、年末年始を除く） */
export function phoneLine(phone: string, company: CompanyFacts): string {
  return `${phone}（受付時間 ${company.receptionHours}、${company.holidays}を除く）`;
}
