// The 次回車検のご案内's consent, as the form, the manage page and the mails word it. Its version is
// kept with each consent (leads.guide_consent_version): a new wording is a new version.
import { fields } from './fieldTable';

export const guideConsentVersion = '2026-11-28';

/** 次回の車検満了日: the date staff record at 完了 and the 案内 count from. */
export const nextExpiryLabel = `次回の${fields['vehicle.expiryDay'].group.legend}`;

/** When the 案内 go and how to stop them: the note under the box, and the policy's promise. */
export const guideConsentNote = `${nextExpiryLabel}の60日前と、まだご予約がなければ30日前に、同じ店舗の空き状況をメールでお知らせします。メール内のリンクからいつでも配信を停止できます。`;
