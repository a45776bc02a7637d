import { phoneLine } from './operatorFacts';
import type { CompanyFacts, TextPageContent } from './types';

// The text pages' legal structure is shared by the brands; only names and facts differ.

export type PageOptions = { brandName: string; company: CompanyFacts; updatedAt: string };

export function buildLegalPage({
  brandName,
  company,
  updatedAt,
  phone,
}: PageOptions & { phone: string }): TextPageContent {
  return {
    heading: '特定商取引法に基づく表記',
    updatedAt,
    sections: [
      { heading: '販売事業者', paragraphs: [company.name] },
      { heading: '運営責任者', paragraphs: [company.representative] },
      { heading: '所在地', paragraphs: [company.address] },
      { heading: '電話番号', paragraphs: [phoneLine(phone, company)] },
      { heading: 'メールアドレス', paragraphs: [company.email] },
      {
        heading: '役務の対価',
        paragraphs: [
          `車検基本料・整備費用は、お見積もりでご提示する金額（税込）です。${brandName}のサイトに掲載の料金は例であり、お車の状態と店舗により異なります。`,
        ],
      },
      {
        heading: '対価以外の必要料金',
        paragraphs: [
          '法定費用（自動車重量税・自賠責保険料・印紙代）は別途必要です。消費税はかかりません（自賠責保険料は非課税、自動車重量税と印紙代は不課税）。ご来店の交通費、通信費はお客様のご負担となります。',
        ],
      },
      {
        heading: '支払方法・時期',
        paragraphs: [
          '検査完了後、納車時に店舗でお支払いいただきます。現金のほか、店舗によりクレジットカード等をご利用いただけます（法定費用は現金となる場合があります）。',
        ],
      },
      {
        heading: '役務提供時期',
        paragraphs: ['ご予約いただいた入庫日に、提携整備工場で点検・整備・検査を行います。'],
      },
      {
        heading: 'キャンセル',
        paragraphs: [
          '入庫前のご予約の変更・キャンセルは無料です。お電話でご連絡ください。整備に着手した後のキャンセルは、着手済みの作業の費用をご請求する場合があります。',
        ],
      },
    ],
  };
}

/** @internal Exported for tests. The contract is the operator's, /legal's 販売事業者 (decision 027). */
export const contractParty =
  '整備・検査の契約は、お客様と当社（特定商取引法に基づく表記の販売事業者）との間で成立します。';

export function buildTermPage({ brandName, company, updatedAt }: PageOptions): TextPageContent {
  return {
    heading: '利用規約',
    updatedAt,
    intro: `この利用規約（以下「本規約」）は、${company.name}（以下「当社」）が提供する「${brandName}」（以下「本サービス」）の利用条件を定めるものです。`,
    sections: [
      {
        heading: '第1条（総則・適用）',
        paragraphs: [
          '本規約は、本サービスを利用するすべてのお客様に適用されます。お客様は、本規約に同意のうえ本サービスを利用するものとします。',
        ],
      },
      {
        heading: '第2条（サービス内容）',
        paragraphs: [
          '本サービスは、車検の見積もりと予約を当社が受け付け、当社の提携整備工場（以下「提携工場」）が当社の委託を受けて点検・整備・検査を行うサービスです。',
          contractParty,
        ],
      },
      {
        heading: '第3条（規約変更）',
        paragraphs: [
          '当社は、必要に応じて本規約を変更できます。変更後の本規約は、本サイトに掲載した時点から効力を生じます。',
        ],
      },
      {
        heading: '第4条（営業時間）',
        paragraphs: [
          `Webでのお見積もり依頼は24時間受け付けます。お電話の受付時間は${company.receptionHours}（${company.holidays}を除く）です。提携工場の営業時間は店舗ごとに異なります。`,
        ],
      },
      {
        heading: '第5条（予約・変更・キャンセル）',
        paragraphs: [
          '予約は、当社からのご連絡で入庫日と店舗が確定した時点で成立します。',
          '入庫前の変更・キャンセルは無料です。無断キャンセルが続く場合、以後のご利用をお断りすることがあります。',
        ],
      },
      {
        heading: '第6条（料金・支払）',
        paragraphs: [
          '料金は、当社がお見積もりで提示し、お客様が了承した金額とします。本サイトに掲載の料金は例です。',
          'お支払いは、納車時に提携工場の店舗で行います。提携工場は、当社に代わって代金を受け取ります。',
        ],
      },
      {
        heading: '第7条（免責）',
        paragraphs: [
          '当社は、天災、交通事情、部品の入荷遅れその他当社の責めによらない事由による予約の変更・遅延について責任を負いません。',
          '整備・検査の内容については、契約の当事者として当社が責任を負い、作業を行った提携工場とともに対応します。',
        ],
      },
      {
        heading: '第8条（禁止事項）',
        paragraphs: ['お客様は、本サービスの利用にあたり、次の行為をしてはなりません。'],
        list: [
          '虚偽の情報を入力する行為',
          '他人になりすます行為',
          '本サービスの運営を妨げる行為',
          '法令または公序良俗に反する行為',
        ],
      },
      {
        heading: '第9条（個人情報）',
        paragraphs: ['当社は、お客様の個人情報をプライバシーポリシーに従って取り扱います。'],
      },
      {
        heading: '第10条（準拠法・管轄）',
        paragraphs: [
          '本規約は日本法に準拠します。本サービスに関して紛争が生じた場合、当社の本店所在地を管轄する地方裁判所を第一審の専属的合意管轄裁判所とします。',
        ],
      },
    ],
  };
}
