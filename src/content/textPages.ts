import { adProvisionRecipients, type ExternalTransmission } from './externalTransmission';
import {
  externalTransmissionHeading,
  externalTransmissionSectionId,
  thirdPartyHeading,
  thirdPartySectionId,
} from './externalTransmissionLink';
import { phoneLine } from './operatorFacts';
import { retentionYears } from './retention';
import type { CompanyFacts, TextPageContent } from './types';

// The text pages' legal structure is shared by the brands; only names and facts differ.

type PageOptions = { brandName: string; company: CompanyFacts; updatedAt: string };

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
          '法定費用（自動車重量税・自賠責保険料・印紙代）は非課税で、別途必要です。ご来店の交通費、通信費はお客様のご負担となります。',
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
          '本サービスは、車検の見積もりと予約を当社が手配し、当社の提携整備工場（以下「提携工場」）が点検・整備・検査を行うサービスです。',
          '整備・検査の契約は、お客様と提携工場との間で成立します。',
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
          '料金は、提携工場がお見積もりで提示し、お客様が了承した金額とします。本サイトに掲載の料金は例です。',
          'お支払いは、提携工場の定める方法により納車時に行います。',
        ],
      },
      {
        heading: '第7条（免責）',
        paragraphs: [
          '当社は、天災、交通事情、部品の入荷遅れその他当社の責めによらない事由による予約の変更・遅延について責任を負いません。',
          '整備・検査の内容に関する責任は、当該作業を行った提携工場が負います。当社は、問題の解決に向けて誠実に協力します。',
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

/** @internal Exported: tests check the privacy policy carries it. */
export const enhancedConversionsParagraph =
  'お見積もりフォームで「広告事業者への提供」に同意（任意）されたお客様に限り、お見積もり依頼が完了したとき、広告の効果測定のため、ご入力いただいたメールアドレスと電話番号を、Googleタグマネージャーを通じてGoogle LLCに送信します。送信前にお使いのブラウザ上でハッシュ化（復元できない形式に変換）され、広告の成果の計測にのみ利用されます。';

const routeLabel: Record<ExternalTransmission['route'], string> = {
  tag: 'ブラウザ（タグ）から',
  server: '当社サーバーから',
};

/** What 総務省's 外部送信規律 asks for each row: information, recipient, its purpose and ours. */
function externalTransmissionSection(
  transmissions: readonly ExternalTransmission[],
): TextPageContent['sections'][number] {
  return {
    id: externalTransmissionSectionId,
    heading: externalTransmissionHeading,
    paragraphs: [
      '本サイトでは、次の事業者に、お客様に関する情報を送信しています。ブラウザから送信するものは、ページ内のタグ（Googleタグマネージャーで管理）が送信します。当社サーバーから送信するものは、お見積もり依頼の受付後に当社が送信し、いたずらと判断した依頼や、その広告から来訪していないお客様の依頼は送信しません。',
      `当社サーバーからの送信は、お見積もりフォームで「広告事業者への提供」に同意（任意）されたお客様の分に限ります（「${thirdPartyHeading}」）。ブラウザから送信されるものは、ブラウザの設定でCookieを無効にするか、各社のページから設定を変更できます。`,
    ],
    list: transmissions.map((row) =>
      [
        `送信先：${row.recipient}（${row.service}、${routeLabel[row.route]}送信）`,
        `送信される情報：${row.data.join('、')}`,
        `送信先での利用目的：${row.recipientPurpose}（詳しくは ${row.recipientPolicyUrl}）`,
        `当社の利用目的：${row.ourPurpose}`,
      ].join('／'),
    ),
  };
}

// APPI art. 27 (consent to a third party), art. 28 and rule 17 (a recipient abroad: the country,
// its system, the recipient's measures), for each recipient of the server's rows.
function thirdPartySection(
  transmissions: readonly ExternalTransmission[],
): TextPageContent['sections'][number] {
  const recipients = adProvisionRecipients(transmissions);
  return {
    id: thirdPartySectionId,
    heading: thirdPartyHeading,
    paragraphs: [
      'お見積もりと整備・検査のため、ご案内する提携整備工場にお客様の情報を提供します。',
      ...(recipients.length > 0
        ? [
            'お見積もりフォームで「広告事業者への提供」に同意（任意）されたお客様に限り、広告の効果測定と広告配信の改善のため、次の広告事業者にお客様の情報を提供します。各社は受け取った情報を自社の利用者の情報と照合して利用するため、これは業務の委託ではなく第三者への提供にあたります。同意されなくても、お見積もりとその後のご案内は変わりません。同意の撤回（第三者への提供の停止）のご請求は、下記「開示・訂正・利用停止」のお問い合わせ窓口で受け付け、法令に従って対応します。',
          ]
        : []),
      '法令に基づく場合を除き、ご本人の同意なくこれら以外の第三者に提供することはありません。',
    ],
    list: recipients.map(({ name, facts, rows }) =>
      [
        `提供先：${name}（所在国：${facts.country}）`,
        `提供する情報：${[...new Set(rows.flatMap((row) => row.data))].join('、')}`,
        `提供先の利用目的：${rows[0]?.recipientPurpose ?? ''}`,
        ...(facts.abroad
          ? [
              `${facts.country}の個人情報の保護に関する制度：${facts.abroad.system}（個人情報保護委員会「外国における個人情報の保護に関する制度等の調査」 ${facts.abroad.systemUrl}）`,
              `提供先が講ずる措置：${facts.abroad.measures}（${rows[0]?.recipientPolicyUrl ?? ''}）`,
            ]
          : []),
      ].join('／'),
    ),
  };
}

export function buildPrivacyPolicyPage({
  brandName,
  company,
  updatedAt,
  enhancedConversions = false,
  externalTransmissions = [],
}: PageOptions & {
  enhancedConversions?: boolean;
  externalTransmissions?: readonly ExternalTransmission[];
}): TextPageContent {
  return {
    heading: 'プライバシーポリシー',
    updatedAt,
    intro: `${company.name}（以下「当社」）は、「${brandName}」でお預かりする個人情報を、次のとおり大切に取り扱います。`,
    sections: [
      {
        heading: '取得する情報',
        paragraphs: ['当社は、お見積もり・ご予約の際に次の情報を取得します。'],
        list: [
          'お名前、フリガナ、電話番号、メールアドレス、郵便番号',
          '車検満了日、メーカー、車種、年式、走行距離などお車の情報',
          'ご希望の日時、代車の要否、備考欄の内容',
          '広告の流入元など、本サイトの閲覧に関する情報',
        ],
      },
      {
        heading: '利用目的',
        paragraphs: ['取得した情報は、次の目的に利用します。'],
        list: [
          '車検のお見積もり、ご予約の手配とそのご連絡',
          '次回の車検時期などのご案内',
          'サービスの改善と広告効果の測定',
          'お問い合わせへの対応',
        ],
      },
      thirdPartySection(externalTransmissions),
      {
        heading: '保存期間',
        paragraphs: [
          `お見積もり依頼の情報は、次回の車検時期のご案内に必要な期間として、受付から${retentionYears}年間保存します。期間を過ぎたお名前・連絡先・お車の情報などは消去し、件数などの統計だけを残します。`,
        ],
      },
      {
        heading: '委託',
        paragraphs: [
          '当社は、利用目的の範囲内で、システムの運用などの業務を外部に委託することがあります。その場合、委託先を適切に監督します。',
        ],
      },
      {
        heading: '安全管理',
        paragraphs: [
          '通信の暗号化、アクセス権限の管理など、個人情報の漏えい・滅失・毀損を防ぐための措置を講じます。',
        ],
      },
      {
        heading: '開示・訂正・利用停止',
        paragraphs: [
          `個人情報取扱事業者：${company.name}（${company.address}、代表者：${company.representative}）`,
          `保有個人データの利用目的の通知、開示、訂正・追加・削除、利用停止・消去、第三者への提供の停止のご請求は、お問い合わせ窓口（${company.email}）へ、お名前とお見積もり依頼の受付番号を添えてご連絡ください。ご本人であることを確認のうえ、法令に従って遅滞なく対応し、書面または電子メールでお知らせします。`,
          '手数料はいただきません。',
          '個人情報の取扱いに関する苦情も、お問い合わせ窓口で受け付けます。',
        ],
      },
      {
        heading: 'Cookie・アクセス解析',
        paragraphs: [
          `本サイトは、広告の効果測定とサービス改善のため、Cookieとアクセス解析ツール（Googleタグマネージャー等）を利用しています。Cookieには広告のクリックIDや閲覧の識別子が保存され、IPアドレスなどとともに各社に送信されます（「${externalTransmissionHeading}」）。これらは、ほかの情報と組み合わせることでお客様を識別できる場合があります。ブラウザの設定でCookieを無効にできます。`,
          ...(enhancedConversions ? [enhancedConversionsParagraph] : []),
        ],
      },
      ...(externalTransmissions.length > 0
        ? [externalTransmissionSection(externalTransmissions)]
        : []),
      {
        heading: '改定',
        paragraphs: [
          '当社は、必要に応じて本ポリシーを改定します。改定後の内容は本サイトに掲載した時点から効力を生じます。',
        ],
      },
      {
        heading: 'お問い合わせ窓口',
        paragraphs: [company.name, company.address, company.email],
      },
    ],
  };
}
