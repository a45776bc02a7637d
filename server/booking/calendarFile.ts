// The .ics of a booking (RFC 5545, by ical-generator, which uses no Node API): one event per lead
// (its UID), so a change replaces it in the visitor's calendar and a cancellation removes it.
import ical, { ICalAlarmType, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { brands } from '../../src/brand/brands';
import type { MailSender } from '../../src/brand/mail';
import { shopAddressLine } from '../../src/content/shops';
import type { StoredLead } from '../leads/store';
import type { BookedVisit } from './bookedVisit';

const dayMs = 24 * 3600_000;

function calendarFile(lead: StoredLead, sender: MailSender, visit: BookedVisit): string {
  const brand = brands[lead.brand];
  const cancelled = visit.state === 'cancelled';
  const calendar = ical({
    prodId: { company: brand.name, product: '車検予約', language: 'JA' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  const phone = visit.shop?.phone ?? brand.phone;
  const event = calendar.createEvent({
    id: `${lead.id}@${sender.domain}`,
    sequence: visit.sequence,
    start: visit.start,
    // Without a shop's own duration, an hour: calendars need an end to show the visit.
    end: visit.end ?? new Date(visit.start.getTime() + 3600_000),
    summary: `車検の入庫（${brand.name} ${visit.shopName}）`,
    location: visit.shop ? shopAddressLine(visit.shop) : visit.shopName,
    description: [
      `受付番号 ${lead.id}`,
      visit.manageUrl && !cancelled ? `ご予約の確認・変更: ${visit.manageUrl}` : '',
      `お問い合わせ: ${phone}`,
    ]
      .filter(Boolean)
      .join('\n'),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  if (!cancelled) {
    event.createAlarm({
      type: ICalAlarmType.display,
      triggerBefore: dayMs / 1000,
      description: `明日は車検の入庫日です（${visit.shopName}）`,
    });
  }
  return calendar.toString();
}

export function calendarAttachment(lead: StoredLead, sender: MailSender, visit: BookedVisit) {
  const method = visit.state === 'cancelled' ? 'CANCEL' : 'PUBLISH';
  return {
    filename: visit.state === 'cancelled' ? 'shaken-booking-cancel.ics' : 'shaken-booking.ics',
    type: `text/calendar; charset=utf-8; method=${method}`,
    content: calendarFile(lead, sender, visit),
  };
}
