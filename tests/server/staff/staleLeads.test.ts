// When a lead still 新規 becomes 未対応 (server/staff/staleLeads.ts): only the site's opening hours
// (Tokyo) count, so a lead of the evening is not late by the next morning.
import { businessHoursBefore } from '../../../server/staff/staleLeads';

const open = { start: '9:00', end: '19:00' };
const tokyo = (text: string) => new Date(`${text}+09:00`);

describe('businessHoursBefore', () => {
  it('counts back within one day', () => {
    expect(businessHoursBefore(tokyo('2026-11-25T15:00'), 3, open)).toEqual(
      tokyo('2026-11-25T12:00'),
    );
  });

  it('skips the night: 3 hours before 10:00 are 2 hours of the evening before', () => {
    expect(businessHoursBefore(tokyo('2026-11-25T10:00'), 3, open)).toEqual(
      tokyo('2026-11-24T17:00'),
    );
  });

  it('starts from closing time when asked at night', () => {
    expect(businessHoursBefore(tokyo('2026-11-25T23:30'), 1, open)).toEqual(
      tokyo('2026-11-25T18:00'),
    );
  });

  it('counts every hour when the hours are not a day range', () => {
    expect(
      businessHoursBefore(tokyo('2026-11-25T10:00'), 3, { start: '19:00', end: '9:00' }),
    ).toEqual(tokyo('2026-11-25T07:00'));
  });
});
