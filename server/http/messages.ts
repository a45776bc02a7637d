/** The API's words for people: every refusal in Japanese, written once. */
import { brands, type BrandId } from '../../src/brand/brands';

export const messages = {
  methodNotAllowed: (allowed: readonly string[]) =>
    allowed.includes('POST') ? 'POSTで送信してください' : 'このURLは表示（GET）のみできます',
  unsupportedMediaType:
    '送信内容はJSON（application/json）またはフォーム（application/x-www-form-urlencoded）で送信してください',
  tooLarge: '送信内容が大きすぎます',
  idempotencyKey: 'Idempotency-Keyヘッダーが必要です',
  invalidJson: '送信内容を読み取れませんでした',
  keyReused:
    'このIdempotency-Keyは別の内容の送信に使われています。新しいキーでもう一度送信してください',
  crossSite: 'このサイト以外のページからの送信は受け付けていません',
  crossSiteNote: 'お手数ですが、サイトのお見積もりフォームからもう一度お送りください。',
  rateLimited: (phone: string, minutes: number) =>
    `短い時間に多くのお見積もり依頼が届いたため、受け付けを一時停止しています。${minutes}分ほどおいてもう一度お試しいただくか、お電話（${phone}）でご連絡ください`,
  unavailable: (phone: string) =>
    `ただいまお見積もり依頼を受け付けできません。時間をおいてもう一度お試しいただくか、お電話（${phone}）でご連絡ください`,
  unauthorized: '認証が必要です',
  exportRange: 'from と to を YYYY-MM-DD で指定してください（from ≦ to）',
  notFound: '見つかりません',
  jsonOnly: '送信内容はJSON（application/json）で送信してください',
  staffUnavailable: 'ただいま処理できません。時間をおいてもう一度お試しください',
  unknownChannel: (names: readonly string[]) => `channel は ${names.join('、')} のいずれかです`,
} as const;

export function brandMismatchMessage(hostBrand: BrandId): string {
  return `このサイトでは${brands[hostBrand].name}のお見積もりのみ受け付けています`;
}
