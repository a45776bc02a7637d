// What each brand's site and server send out: the privacy policy's 「外部送信について」 and the
// switch of the server's conversion channels. A wording change: bump privacyPolicyVersion.
import { adRecipientCountries } from './adRecipients';

/** @internal Exported for tests, which hold the channels and the table to it. */
export const conversionPlatforms = ['google', 'meta', 'yahoo', 'yahooSearch', 'line'] as const;
export type ConversionPlatform = (typeof conversionPlatforms)[number];

export type ExternalTransmission = {
  recipient: string;
  service: string;
  route: 'tag' | 'server';
  data: readonly string[];
  recipientPurpose: string;
  ourPurpose: string;
  recipientPolicyUrl: string;
  platform?: ConversionPlatform;
  /** Also told of the lead's 予約確定 and 完了 with its amount (server/platforms/stages.ts). */
  stages?: true;
};

/** Its 最終更新日, and the version a lead records as agreed to. */
export const privacyPolicyVersion = '2026-11-28';

/**
 * @internal Exported for tests. The first version whose box covers what is sent now (its stages and
 * amounts, the search-ads API; decision 026): a lead that agreed to an earlier wording sends none.
 */
export const adProvisionSince = '2026-11-28';

export function asksAdProvision(version: string | undefined): boolean {
  return version !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(version)
    ? version >= adProvisionSince
    : false;
}

const pageData = [
  '閲覧したページのURL',
  'リファラー（直前のページ）',
  'ブラウザと端末の情報',
  'IPアドレス',
];

const tagPurpose = 'お見積もり依頼の件数を広告ごとに計測し、広告の配信を改善するため';
const serverPurpose =
  'ブラウザのタグで計測できなかったお見積もり依頼（広告ブロック、Cookieの制限など）も広告の成果として計測するため';
const hashed = 'メールアドレスと電話番号（SHA-256でハッシュ化し、復元できない形式にしたもの）';
const lead = 'お見積もり依頼の受付番号と日時';
const stages = 'その後のご予約の確定と車検の完了の日時、完了時のお支払い金額（税込）';
const pageAndBrowser = [
  'お見積もりを送信したページのURL',
  'IPアドレス',
  'ブラウザの情報（ユーザーエージェント）',
];

export const externalTransmissions: readonly ExternalTransmission[] = [
  {
    recipient: 'Google LLC',
    service: 'Googleタグマネージャー、Google アナリティクス',
    route: 'tag',
    data: [...pageData, 'Cookie識別子', 'お見積もり依頼の完了と受付番号'],
    recipientPurpose: 'タグの配信、アクセス状況の集計と分析、同社サービスの提供と改善',
    ourPurpose: 'サイトの利用状況を把握し、サービスを改善するため',
    recipientPolicyUrl: 'https://policies.google.com/privacy',
  },
  {
    recipient: 'Google LLC',
    service: 'Google 広告（コンバージョン計測タグ）',
    route: 'tag',
    data: [
      ...pageData,
      'Cookie識別子',
      '広告のクリックID（gclid、wbraid、gbraid）',
      'お見積もり依頼の完了と受付番号',
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: tagPurpose,
    recipientPolicyUrl: 'https://policies.google.com/privacy',
  },
  {
    recipient: 'LINEヤフー株式会社',
    service: 'Yahoo!広告（サイトジェネラルタグ、コンバージョン測定タグ）',
    route: 'tag',
    data: [
      ...pageData,
      'Cookie識別子',
      '広告のクリックID（yclid）',
      'お見積もり依頼の完了と受付番号',
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: tagPurpose,
    recipientPolicyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
  },
  {
    recipient: 'Meta Platforms, Inc.',
    service: 'Metaピクセル（Facebook、Instagram の広告）',
    route: 'tag',
    data: [
      ...pageData,
      'Cookie識別子（_fbp、_fbc）',
      '広告のクリックID（fbclid）',
      'お見積もり依頼の完了と受付番号',
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: tagPurpose,
    recipientPolicyUrl: 'https://www.facebook.com/privacy/policy/',
  },
  {
    recipient: 'LINEヤフー株式会社',
    service: 'LINE広告（LINE Tag）',
    route: 'tag',
    data: [
      ...pageData,
      'Cookie識別子',
      '広告のクリックID（ldtag_cl）',
      'お見積もり依頼の完了と受付番号',
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: tagPurpose,
    recipientPolicyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
  },
  {
    recipient: 'Google LLC',
    service: 'Google 広告（Data Manager API）',
    route: 'server',
    data: [
      lead,
      stages,
      '広告のクリックID（gclid、wbraid、gbraid）',
      hashed,
      '広告事業者への提供についての同意',
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://policies.google.com/privacy',
    platform: 'google',
    stages: true,
  },
  {
    recipient: 'Meta Platforms, Inc.',
    service: 'Meta コンバージョンAPI',
    route: 'server',
    data: [
      lead,
      stages,
      'Cookie識別子（_fbp、_fbc）とクリックID（fbclid）',
      ...pageAndBrowser,
      hashed,
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://www.facebook.com/privacy/policy/',
    platform: 'meta',
    stages: true,
  },
  {
    recipient: 'LINEヤフー株式会社',
    service: 'Yahoo!広告 コンバージョンAPI',
    route: 'server',
    data: [
      lead,
      'Yahoo!広告のCookie識別子（_ly_su、_ly_c、_ly_r）とクリックID（yclid）',
      ...pageAndBrowser,
      hashed,
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
    platform: 'yahoo',
  },
  {
    recipient: 'LINEヤフー株式会社',
    service: 'Yahoo!広告 検索広告 コンバージョンAPI',
    route: 'server',
    data: [
      lead,
      'Yahoo!検索広告のクリックID（yclid、Cookie _ly_c に保存されたもの）',
      ...pageAndBrowser,
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
    platform: 'yahooSearch',
  },
  {
    recipient: 'LINEヤフー株式会社',
    service: 'LINE広告 Conversion API',
    route: 'server',
    data: [
      lead,
      'LINE Tag のCookie識別子（__lt__cid）とクリックID（ldtag_cl）',
      ...pageAndBrowser,
      hashed,
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
    platform: 'line',
  },
];

// A third party under APPI art. 27 (matching the data against its own users is no 委託先: PPC Q&A
// 7-42); for one abroad, what art. 28 and rule 17 ask to be told: the country, its system (the
// PPC's survey), the recipient's measures. Sources: docs/privacy-sources.md.
export type ProvisionRecipient = {
  country: string;
  abroad?: { system: ForeignSystem; systemUrl: string; measures: string };
};

/** The guidelines (外国にある第三者への提供編) 5-2's points on a country's system, each in words. */
type ForeignSystem = {
  /** Whether it has a system protecting personal information, and what it is. */
  exists: string;
  /** An indicator of its level: an adequacy decision, APEC CBPR. */
  indicator: string;
  /** Obligations and rights the OECD's eight principles ask for that it lacks. */
  principles: string;
  /** Other systems that may weigh on the person's rights (government access). */
  others: string;
};

const usSystem: ForeignSystem = {
  exists:
    '米国には、日本の個人情報保護法に相当する包括的な連邦法はなく、分野ごとの連邦法と州法（カリフォルニア州消費者プライバシー法など）によって個人情報が保護され、連邦取引委員会（FTC）が不公正・欺瞞的な取扱いを取り締まっています。',
  indicator:
    '米国はAPECの越境プライバシールール（CBPR）システムに参加しています。日本の個人情報保護委員会は、米国を日本と同等の水準にある国として指定していません。',
  principles:
    '包括的な連邦法がないため、OECDプライバシーガイドラインの8原則に対応する事業者の義務や本人の権利（利用目的の特定、開示・訂正・利用停止の請求など）が、分野や州によっては定められていません。',
  others:
    '外国情報監視法（FISA）第702条などにより、政府機関が事業者の保有する情報の提供を求めることができる制度があります。',
};
const usSystemUrl = 'https://www.ppc.go.jp/personalinfo/legal/kaiseihogohou/#gaikoku';

/** @internal Exported: tests hold each recipient's facts to the policy. */
export const provisionRecipients: Record<string, ProvisionRecipient> = {
  'Google LLC': {
    country: adRecipientCountries['Google LLC'],
    abroad: {
      system: usSystem,
      systemUrl: usSystemUrl,
      measures:
        '同社はプライバシーポリシーを公表し、広告主から受け取るデータの取扱い（ハッシュ化された連絡先の照合後の削除、アクセスの制限、暗号化などの安全管理）を同社の規約に定めています。',
    },
  },
  'Meta Platforms, Inc.': {
    country: adRecipientCountries['Meta Platforms, Inc.'],
    abroad: {
      system: usSystem,
      systemUrl: usSystemUrl,
      measures:
        '同社はプライバシーポリシーを公表し、ビジネスツールで受け取るデータの取扱い（ハッシュ化された連絡先の照合後の削除、アクセスの制限などの安全管理）を同社の規約に定めています。',
    },
  },
  LINEヤフー株式会社: { country: adRecipientCountries.LINEヤフー株式会社 },
};

/** The recipients of the server's rows, once each, in the table's order. */
export function adProvisionRecipients(
  transmissions: readonly ExternalTransmission[] = externalTransmissions,
): { name: string; facts: ProvisionRecipient; rows: ExternalTransmission[] }[] {
  const byName = new Map<string, ExternalTransmission[]>();
  for (const row of transmissions) {
    if (row.route !== 'server') continue;
    byName.set(row.recipient, [...(byName.get(row.recipient) ?? []), row]);
  }
  return [...byName].map(([name, rows]) => ({
    name,
    facts: provisionRecipients[name] ?? { country: '日本' },
    rows,
  }));
}
