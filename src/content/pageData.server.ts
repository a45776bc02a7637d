// Server-only: the prerender reads every page's copy from here; never import it from the
// browser bundle (the client gets the copy through the hydration data and payload files).
import type { BrandId } from '../brand/brands';
import { brands } from '../brand/brands';
import { landing as carsupportLanding } from './carsupport/landing';
import { pages as carsupportPages } from './carsupport/pages';
import { pageOf, type RouteName, type TextRouteName } from './pageTable';
import type { LandingContent, PageData, PageMeta, TextPageContent } from './types';
import { landing as yamadaLanding } from './yamada/landing';
import { pages as yamadaPages } from './yamada/pages';

type BrandContent = {
  landing: LandingContent;
  pages: Record<TextRouteName, TextPageContent>;
  /** Each page's meta description (80–120 characters). */
  descriptions: Record<RouteName, string>;
};

const content: Record<BrandId, BrandContent> = {
  carsupport: {
    landing: carsupportLanding,
    pages: carsupportPages,
    descriptions: {
      index:
        'カーサポート車検は、車検満了日と車種を入れるだけで、お近くの提携工場から無料でお見積もり。料金の目安を車両区分ごとに公開し、整備は立会いでご説明、ご了承をいただいてから作業します。Web予約は24時間受付です。',
      term: 'カーサポート車検の利用規約です。サービス内容、予約・変更・キャンセル、料金とお支払い、免責事項、禁止事項など、車検の見積もり・予約サービスをご利用いただく際の条件を定めています。',
      legal:
        'カーサポート車検の特定商取引法に基づく表記です。販売事業者、所在地、電話番号と受付時間、役務の対価と対価以外の必要料金、支払方法・時期、役務提供時期、キャンセルについて記載しています。',
      privacypolicy:
        'カーサポート車検のプライバシーポリシーです。お見積もり・ご予約で取得する情報と利用目的、提携工場への第三者提供、委託、安全管理、開示等のご請求、Cookieとアクセス解析について説明します。',
    },
  },
  yamada: {
    landing: yamadaLanding,
    pages: yamadaPages,
    descriptions: {
      index:
        'ヤマダ車検は、お住まいの近くの提携整備工場で車検を受けられるサービスです。車両区分ごとの費用例を公開、見積もりは無料。点検結果をご説明し、納得いただいてから整備します。ネット予約は24時間受付。',
      term: 'ヤマダ車検の利用規約です。サービスの内容、予約の変更とキャンセル、料金とお支払い、免責、禁止事項、個人情報の取り扱いなど、車検の見積もり・予約サービスをご利用いただくための条件をまとめています。',
      legal:
        'ヤマダ車検の特定商取引法に基づく表記です。販売事業者と運営責任者、所在地、電話番号と受付時間、役務の対価、対価以外の必要料金、支払方法と時期、役務の提供時期、キャンセルについて記載しています。',
      privacypolicy:
        'ヤマダ車検のプライバシーポリシーです。見積もり・予約で取得する情報、利用目的、提携整備工場への提供、業務の委託、安全管理、開示・訂正・利用停止のご請求、Cookieとアクセス解析について説明しています。',
    },
  },
};

/** Everything the page of `route` shows for `brand`: meta tags plus its copy. */
export function getPageData(brand: BrandId, route: RouteName): PageData {
  const brandContent = content[brand];
  const meta: PageMeta = {
    title: `${pageOf(route).title}｜${brands[brand].name}`,
    description: brandContent.descriptions[route],
  };
  if (route === 'index') return { route, meta, landing: brandContent.landing };
  return { route, meta, page: brandContent.pages[route] };
}
