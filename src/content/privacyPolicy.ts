// The privacy policy, shared by the brands: its sections in APPI's order, its promises from
// privacyPromises.ts, its recipients from the table that turns the server's sends on.
import { adProvisionRecipients, type ExternalTransmission } from './externalTransmission';
import {
  externalTransmissionHeading,
  externalTransmissionSectionId,
  thirdPartyHeading,
  thirdPartySectionId,
} from './externalTransmissionLink';
import {
  accessControl,
  onlyFromAds,
  requestsHandled,
  stagesAndAmounts,
  guideMails,
  whereKept,
  withdrawalStops,
} from './privacyPromises';
import { retentionYears } from './retention';
import type { PageOptions } from './textPages';
import type { TextPageContent } from './types';

/** @internal Exported for tests. The purposes of use (APPI art. 17, 21), each one the site's. */
export const purposes = [
  '車検のお見積もり、ご予約の手配とそのご連絡',
  'お見積もりと整備・検査のため、提携整備工場へお客様の情報を提供すること',
  '次回の車検時期のご案内メール（ご希望のお客様のみ）',
  'サービスの改善と、広告の効果測定（ご同意いただいたお客様の情報の広告事業者への提供を含む）',
  'お問い合わせと、開示・訂正・消去などのご請求への対応',
];

/** Article 32's safety measures (施行令第10条), as the PPC's guidelines (通則編 10) group them. */
const safetyMeasures = [
  '基本方針：本ポリシーを定め、公表しています。',
  '組織的・人的安全管理措置：個人情報を扱う担当者を限り、取扱いの記録を確認し、担当者に取扱いの注意を周知しています。',
  `技術的安全管理措置：通信はすべて暗号化（HTTPS）しています。${accessControl}`,
  `保存期間（${retentionYears}年）を過ぎた個人情報は、自動的に消去します。`,
  '外的環境の把握：上記のとおり、米国の制度を把握したうえで取り扱っています。',
];

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
      '本サイトでは、次の事業者に、お客様に関する情報を送信しています。ブラウザから送信するものは、ページ内のタグ（Googleタグマネージャーで管理）が送信します。当社サーバーから送信するものは、お見積もり依頼の受付後に当社が送信します。',
      onlyFromAds,
      stagesAndAmounts,
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
            'お見積もりフォームで「広告事業者への提供」に同意（任意）されたお客様に限り、広告の効果測定と広告配信の改善のため、次の広告事業者にお客様の情報を提供します。各社は受け取った情報を自社の利用者の情報と照合して利用するため、これは業務の委託ではなく第三者への提供にあたります。同意されなくても、お見積もりとその後のご案内は変わりません。同意の撤回（第三者への提供の停止）のご請求は、下記「開示・訂正・利用停止」のお問い合わせ窓口で受け付けます。',
            stagesAndAmounts,
            withdrawalStops,
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
              `${facts.country}の個人情報の保護に関する制度：${facts.abroad.system.exists}${facts.abroad.system.indicator}${facts.abroad.system.principles}${facts.abroad.system.others}（個人情報保護委員会「外国における個人情報の保護に関する制度等の調査」 ${facts.abroad.systemUrl}）`,
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
        list: purposes,
      },
      { heading: '次回の車検時期のご案内メール', paragraphs: [guideMails] },
      thirdPartySection(externalTransmissions),
      {
        heading: '保存期間',
        paragraphs: [
          `お見積もり依頼の情報は、次回の車検時期のご案内（ご希望のお客様）と対応の記録に必要な期間として、受付から${retentionYears}年間保存します。期間を過ぎたお名前・連絡先・お車の情報などは消去し、件数などの統計だけを残します。`,
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
        paragraphs: [whereKept],
        list: safetyMeasures,
      },
      {
        heading: '開示・訂正・利用停止',
        paragraphs: [
          `個人情報取扱事業者：${company.name}（${company.address}、代表者：${company.representative}）`,
          `保有個人データの利用目的の通知、開示、訂正・追加・削除、利用停止・消去、第三者への提供の停止のご請求は、お問い合わせ窓口（${company.email}）へ、お名前とお見積もり依頼の受付番号を添えてご連絡ください。ご本人であることを確認のうえ、法令に従って遅滞なく対応し、書面または電子メールでお知らせします。`,
          requestsHandled,
          withdrawalStops,
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
