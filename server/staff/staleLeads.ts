// A lead still 新規 after a configured number of business hours (Tokyo, the site's opening hours)
// is 未対応: marked in the inbox and alerted to ops by the Worker's Cron job.
import { brands, type BrandId } from '../../src/brand/brands';
import type { MailSender } from '../../src/brand/mail';
import { japaneseDateTime } from '../../src/lib/serverFormats';
import { defaultEnd, defaultStart, type BusinessHours } from '../site/hours';
import { mailFrom, type MailMessage } from '../delivery/leadMail';
import { staffLeadPath } from '../site/paths';

/** Without NEW_LEAD_ALERT_HOURS. */
const defaultStaleAfterHours = 3;

/** The business hours a lead may stay 新規 before it is 未対応 (the inbox, the Cron alert). */
export function staleAfterHoursOf(env: { NEW_LEAD_ALERT_HOURS?: string | undefined }): number {
  return Number(env.NEW_LEAD_ALERT_HOURS) || defaultStaleAfterHours;
}

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
const tokyoMs = 9 * 60 * minuteMs;

function minutesOf(value: string | undefined, fallback: string): number {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value ?? '') ?? /^(\d{1,2}):(\d{2})$/.exec(fallback)!;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The instant `hours` business hours before `now`: only the opening hours of each day count. */
export function businessHoursBefore(now: Date, hours: number, open: BusinessHours): Date {
  const opens = minutesOf(open.start, defaultStart) * minuteMs;
  const closes = minutesOf(open.end, defaultEnd) * minuteMs;
  if (closes <= opens) return new Date(now.getTime() - hours * 60 * minuteMs);
  let left = hours * 60 * minuteMs;
  let until = now.getTime();
  while (left > 0) {
    const dayStart = Math.floor((until - 1 + tokyoMs) / dayMs) * dayMs - tokyoMs;
    const segmentEnd = Math.min(until, dayStart + closes);
    const segmentStart = dayStart + opens;
    if (segmentEnd > segmentStart) {
      const taken = Math.min(left, segmentEnd - segmentStart);
      left -= taken;
      until = segmentEnd - taken;
      if (left === 0) break;
    }
    until = dayStart;
  }
  return new Date(until);
}

export function staleLeadsAlertMail(
  brand: BrandId,
  sender: MailSender,
  to: readonly string[],
  leads: readonly { id: string; receivedAt: string }[],
  hours: number,
  siteOrigin: string | undefined,
  holds: readonly { id: string; receivedAt: string }[] = [],
): MailMessage {
  const { name } = brands[brand];
  const row = (lead: { id: string; receivedAt: string }) =>
    `受付番号 ${lead.id}  受付 ${japaneseDateTime(lead.receivedAt)}${siteOrigin ? `  ${siteOrigin}${staffLeadPath(lead.id)}` : ''}`;
  const heldLines = holds.length
    ? [
        '次の仮予約は、店舗の確認時間を過ぎても予約確定になっていません。お客様の枠は押さえたままです。',
        'スタッフ画面の依頼ページで「この枠で予約確定する」か、日時を調整してください。',
        '',
        ...holds.map(row),
        '',
      ]
    : [];
  return {
    from: mailFrom(sender),
    to: [...to],
    subject: leads.length
      ? `【${name}】新規のまま${hours}営業時間を過ぎたお見積もり依頼が${leads.length}件あります`
      : `【${name}】確認されていない仮予約が${holds.length}件あります`,
    text: [
      ...(leads.length
        ? [
            `${name}のお見積もり依頼のうち、次の依頼が受付から${hours}営業時間を過ぎても「新規」のままです。`,
            'お客様へご連絡のうえ、スタッフ画面で段階を記録してください。',
            '',
            ...leads.map(row),
            '',
          ]
        : []),
      ...heldLines,
      'この通知は1件の依頼につき1回です。',
      '',
    ].join('\n'),
    headers: { 'X-Lead-Mail': 'stale-leads-alert' },
  };
}
