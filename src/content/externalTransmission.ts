/**
 * What each brand's site and server send out about a visitor: the one table behind the privacy
 * policy's section 「外部送信について」 (textPages.ts renders it) and behind the server's conversion
 * channels (server/core/conversions/): a platform's channel sends only while the table lists
 * its server row, so nothing leaves that the policy does not name.
 *
 * Each row carries what 総務省's 外部送信規律 (電気通信事業法 第27条の12, 施行規則 第22条の2の9)
 * asks a site to publish: the information sent, the recipient's name and its purpose; and our own
 * purpose in sending it. Wording changes here change the policy: bump `privacyPolicyVersion`.
 */

/**
 * The ad platforms the server reports conversions to, one channel each.
 * @internal Exported for tests, which hold the channels and the table to it.
 */
export const conversionPlatforms = ['google', 'meta', 'yahoo', 'line'] as const;
export type ConversionPlatform = (typeof conversionPlatforms)[number];

export type ExternalTransmission = {
  /** 送信先: the recipient's name. */
  recipient: string;
  /** The recipient's service (what a visitor recognises). */
  service: string;
  /** How it leaves: the browser's tag (through the tag manager) or this site's server. */
  route: 'tag' | 'server';
  /** 送信される情報. */
  data: readonly string[];
  /** 送信先での利用目的. */
  recipientPurpose: string;
  /** 当社の利用目的. */
  ourPurpose: string;
  /** The recipient's own privacy policy, where its purposes are stated in full. */
  recipientPolicyUrl: string;
  /** A server row: the conversion channel this row turns on. */
  platform?: ConversionPlatform;
};

/**
 * The version (the revision date) of the privacy policy, the same on every brand (textPages.ts
 * builds it): its 最終更新日, and the version a lead records as agreed to when it is sent.
 */
export const privacyPolicyVersion = '2026-11-25';

/**
 * The first version of the privacy policy that names the provision of hashed e-mail and phone
 * to ad platforms: a lead agreed to an earlier one sends the click id alone.
 * @internal Exported for tests, which build leads on either side of it.
 */
export const hashedContactProvisionSince = '2026-11-25';

/** Whether a lead that agreed to `version` of the policy agreed to hashed contact data going out. */
export function namesHashedContactProvision(version: string | undefined): boolean {
  return version !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(version)
    ? version >= hashedContactProvisionSince
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

/**
 * Every row, in the order the policy lists it: the same on every brand (the tags run through
 * each brand's own tag manager container, the server rows through each brand's Worker).
 */
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
      '広告のクリックID（gclid、wbraid、gbraid）',
      hashed,
      '広告への利用についての同意の有無',
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://policies.google.com/privacy',
    platform: 'google',
  },
  {
    recipient: 'Meta Platforms, Inc.',
    service: 'Meta コンバージョンAPI',
    route: 'server',
    data: [
      lead,
      'Cookie識別子（_fbp、_fbc）とクリックID（fbclid）',
      'お見積もりを送信したページのURL',
      'IPアドレス',
      'ブラウザの情報（ユーザーエージェント）',
      hashed,
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://www.facebook.com/privacy/policy/',
    platform: 'meta',
  },
  {
    recipient: 'LINEヤフー株式会社',
    service: 'Yahoo!広告 コンバージョンAPI',
    route: 'server',
    data: [
      lead,
      'Yahoo!広告のCookie識別子（_ly_su、_ly_c、_ly_r）とクリックID（yclid）',
      'お見積もりを送信したページのURL',
      'IPアドレス',
      'ブラウザの情報（ユーザーエージェント）',
      hashed,
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
    platform: 'yahoo',
  },
  {
    recipient: 'LINEヤフー株式会社',
    service: 'LINE広告 Conversion API',
    route: 'server',
    data: [
      lead,
      'LINE Tag のCookie識別子（__lt__cid）とクリックID（ldtag_cl）',
      'お見積もりを送信したページのURL',
      'IPアドレス',
      'ブラウザの情報（ユーザーエージェント）',
      hashed,
    ],
    recipientPurpose: '広告の成果の計測、広告の配信と最適化',
    ourPurpose: serverPurpose,
    recipientPolicyUrl: 'https://www.lycorp.co.jp/ja/company/privacypolicy/',
    platform: 'line',
  },
];
