// The privacy policy's sentences that promise what the code does, each named once: the policy
// prints them and a test holds each to the code that keeps it (docs/privacy-sources.md lists them
// beside their tests). A change of wording: bump privacyPolicyVersion (externalTransmission.ts).
import { adProvisionRecipients, externalTransmissions } from './externalTransmission';

/** Held by tests/server/platforms/conversions.test.ts (no click of the platform: nothing sent). */
export const onlyFromAds =
  '当社サーバーからの送信は、その事業者の広告をクリックして来訪したお客様のお見積もり依頼（URLのクリックID、または各社のタグがCookieに保存したクリックの識別子があるもの）に限ります。広告から来訪していないお客様の依頼と、いたずらと判断した依頼は、どの事業者にも送信しません。';

const stageRecipients = [
  ...new Set(externalTransmissions.filter((row) => row.stages).map((row) => row.recipient)),
];

/** Held by tests/server/platforms/stages.test.ts (which platforms' stage channels may send). */
export const stagesAndAmounts = `${stageRecipients.join('と')}には、お見積もり依頼の受付に加えて、その後のご予約の確定と車検の完了の日時、完了時のお支払い金額（税込）も、受付番号とともに送信します。`;

/** Held by tests/server/reminders/guides.d1.test.ts (consent, 60/30 days, one-click stop). */
export const guideMails =
  '次回の車検時期のご案内メールは、お見積もりフォームまたはご予約の確認・変更ページでご希望いただいたお客様にだけ、次回の車検満了日の60日前と、まだお申し込みがなければ30日前にお送りします。ご希望の日時と文言の版を記録し、メールのリンクから1回の操作で配信を停止でき、停止した時点から以後のご案内はお送りしません。';

/** Held by tests/server/staff/people.d1.test.ts (the consent API, then nothing sent). */
export const withdrawalStops =
  '広告事業者への提供の同意を撤回（第三者への提供の停止を請求）されたときは、その日時を記録し、以後そのお見積もり依頼について、どの広告事業者にも何も送信しません。';

/** Held by tests/server/staff/people.d1.test.ts (the disclosure, correction and erasure APIs). */
export const requestsHandled =
  '開示のご請求には、このサイトでお預かりしている、ご本人のメールアドレスまたは電話番号によるお見積もり依頼のすべて（ご依頼の内容、対応の経過、広告事業者に提供した情報とその日時）をお知らせします。訂正のご請求には、お名前・フリガナ・電話番号・メールアドレスをお見積もりフォームと同じ基準で確認して訂正し、消去のご請求には、保存期間を過ぎた情報と同じ方法で直ちに消去します。';

/** Held by tests/server/staff/site.d1.test.ts and auth.test.ts (sign-in, throttle, audit). */
export const accessControl =
  'お客様の情報を扱う管理画面は、担当者の認証（Cloudflare Access、または32文字以上の共有キー）を必要とし、認証の失敗が続く接続元からの試行を一時的に止め、閲覧・変更・出力と認証の失敗を記録しています。ログアウトしたセッションは、サーバー側で無効にします。';

/** Held by tests/deploy/cloudflareConfig.test.ts (the Worker, its D1 and queues on Cloudflare). */
export const whereKept =
  'お見積もり依頼の情報は、米国のCloudflare, Inc.が提供するクラウドサービス（Cloudflare Workers、D1、Queues）に保存・処理しています。保存されるデータセンターは同社が運営する各国の拠点のいずれかで、日本国外の場合があります。当社は、米国の個人情報の保護に関する制度（「第三者提供」に記載）を把握したうえで、次の安全管理措置を講じています。';

/** @internal For tests: the recipients abroad, each with art. 28's items and four points. */
export const abroadRecipients = () =>
  adProvisionRecipients().filter((recipient) => recipient.facts.abroad);
