import { campaignEndInstant, isCampaignActive } from '../../src/lib/campaign';

const now = new Date('2025-03-31T12:00:00+09:00');

describe('isCampaignActive', () => {
  it('is never active for yamada, whatever the flag or override', () => {
    expect(isCampaignActive({ hasCampaign: false, enabled: true, now })).toBe(false);
    expect(isCampaignActive({ hasCampaign: false, enabled: true, now, override: 'on' })).toBe(
      false,
    );
  });

  it('follows the content flag for carsupport', () => {
    expect(isCampaignActive({ hasCampaign: true, enabled: true, now })).toBe(true);
    expect(isCampaignActive({ hasCampaign: true, enabled: false, now })).toBe(false);
  });

  it('lets the build override win for carsupport', () => {
    expect(isCampaignActive({ hasCampaign: true, enabled: false, now, override: 'on' })).toBe(true);
    expect(isCampaignActive({ hasCampaign: true, enabled: true, now, override: 'off' })).toBe(
      false,
    );
    expect(
      isCampaignActive({
        hasCampaign: true,
        enabled: false,
        endsAt: '2020-01-01',
        now,
        override: ' ON ',
      }),
    ).toBe(true);
  });

  it('ignores an unknown override', () => {
    expect(isCampaignActive({ hasCampaign: true, enabled: true, now, override: 'maybe' })).toBe(
      true,
    );
    expect(isCampaignActive({ hasCampaign: true, enabled: false, now, override: '' })).toBe(false);
  });

  it('runs to the end of the end date in Tokyo', () => {
    const active = (at: string) =>
      isCampaignActive({
        hasCampaign: true,
        enabled: true,
        endsAt: '2025-03-31',
        now: new Date(at),
      });

    expect(active('2025-03-31T23:59:59+09:00')).toBe(true);
    expect(active('2025-04-01T00:00:00+09:00')).toBe(false);
    // 23:30 on the 31st in UTC is already April 1st in Tokyo.
    expect(active('2025-03-31T15:30:00Z')).toBe(false);
  });

  it('reads a date-time without an offset as Tokyo time', () => {
    const active = (at: string) =>
      isCampaignActive({
        hasCampaign: true,
        enabled: true,
        endsAt: '2025-03-31T18:00',
        now: new Date(at),
      });

    expect(active('2025-03-31T17:59:59+09:00')).toBe(true);
    expect(active('2025-03-31T18:00:00+09:00')).toBe(false);
  });

  it('treats an empty end date as none', () => {
    expect(isCampaignActive({ hasCampaign: true, enabled: true, endsAt: ' ', now })).toBe(true);
  });

  it.each(['2025-02-30', '31/03/2025', 'soon', '2025-13-01', '2025-03-31T25:00'])(
    'treats the invalid end date %j as no campaign',
    (endsAt) => {
      expect(isCampaignActive({ hasCampaign: true, enabled: true, endsAt, now })).toBe(false);
    },
  );
});

describe('campaignEndInstant', () => {
  it('honours an explicit offset', () => {
    expect(campaignEndInstant('2025-03-31T18:00:00Z')).toBe(Date.parse('2025-03-31T18:00:00Z'));
  });

  it('ends a bare date at the next Tokyo midnight, across month and year ends', () => {
    expect(campaignEndInstant('2024-12-31')).toBe(Date.parse('2025-01-01T00:00:00+09:00'));
    expect(campaignEndInstant('2024-02-29')).toBe(Date.parse('2024-03-01T00:00:00+09:00'));
  });
});
