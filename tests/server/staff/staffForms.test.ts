// The staff's sign-in, inbox filters and funnel period (server/staff/forms/): what the store is
// asked, and the Japanese messages the pages show, keyed by control.
import { parseFunnelRange, parseInboxFilters } from '../../../server/staff/forms/ranges';
import { parseSignIn } from '../../../server/staff/forms/signIn';

const errorsOf = (parsed: { ok: boolean; errors?: Record<string, string> }) => parsed.errors;

describe('the sign-in', () => {
  it('takes the name as typed, spaces folded, and the key exactly', () => {
    expect(parseSignIn({ name: '  佐藤　一郎 ', secret: ' key ' })).toEqual({
      ok: true,
      value: { name: '佐藤 一郎', secret: ' key ' },
    });
  });

  it('asks for the name and the key, and says a name over 50 characters is too long', () => {
    expect(errorsOf(parseSignIn({ name: ' ', secret: '' }))).toEqual({
      name: 'お名前を入力してください',
      secret: '共有キーを入力してください',
    });
    expect(parseSignIn({ name: '佐'.repeat(50), secret: 'k' }).ok).toBe(true);
    expect(errorsOf(parseSignIn({ name: '佐'.repeat(51), secret: 'k' }))).toEqual({
      name: 'お名前は50文字以内で入力してください（現在51文字）',
    });
  });
});

describe('the inbox filters', () => {
  it('ask the store for the days in Japan as UTC [from, to)', () => {
    expect(parseInboxFilters({ stage: 'booked', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      ok: true,
      value: { stage: 'booked', from: '2026-10-31T15:00:00.000Z', to: '2026-11-30T15:00:00.000Z' },
    });
    expect(parseInboxFilters({ from: '2026-11-24', to: '2026-11-24' })).toMatchObject({
      value: { from: '2026-11-23T15:00:00.000Z', to: '2026-11-24T15:00:00.000Z' },
    });
  });

  it('filter nothing when left empty, or for a stage the select does not offer', () => {
    for (const query of [{}, { stage: '', from: '', to: '', q: '' }, { stage: 'done' }]) {
      expect(parseInboxFilters(query)).toEqual({ ok: true, value: {} });
    }
  });

  it('search a 受付番号, a phone number, else the reading’s first letters', () => {
    const search = (q: string) => parseInboxFilters({ q });
    expect(search(' 261124-7k3qf9zd ')).toEqual({ ok: true, value: { id: '261124-7K3QF9ZD' } });
    expect(search('０９０－１２３４－５６７８')).toEqual({
      ok: true,
      value: { phone: '09012345678' },
    });
    expect(search('すず き')).toEqual({ ok: true, value: { kana: 'スズキ' } });
  });

  it('refuse a day that is not one, and a まで before the から', () => {
    expect(errorsOf(parseInboxFilters({ from: '2026-11', to: '2026-02-30' }))).toEqual({
      from: '受付日（から）は 2026年11月1日 のように入力してください。',
      to: '受付日（まで）は 2026年11月1日 のように入力してください。',
    });
    expect(errorsOf(parseInboxFilters({ from: '2026-11-30', to: '2026-11-01' }))).toEqual({
      to: '受付日（まで）は（から）と同じか後の日にしてください。',
    });
  });
});

describe('the funnel period', () => {
  const now = new Date('2026-11-25T01:00:00Z');

  it('is the last 30 days to today in Japan when left empty', () => {
    expect(parseFunnelRange({}, now)).toEqual({
      ok: true,
      value: {
        from: '2026-10-26T15:00:00.000Z',
        to: '2026-11-25T15:00:00.000Z',
        days: { from: '2026-10-27', to: '2026-11-25' },
      },
    });
    expect(parseFunnelRange({ from: '2026-11-01', to: '' }, now)).toMatchObject({
      value: { days: { from: '2026-11-01', to: '2026-11-25' } },
    });
  });

  it('takes days as staff write them: 2026年11月1日（日）, 2026/11/1, full-width digits', () => {
    for (const from of ['2026年11月1日（日）', '2026/11/1', '２０２６年１１月１日', '2026-11-01']) {
      expect(parseFunnelRange({ from, to: '2026年11月3日' }, now), from).toMatchObject({
        value: { days: { from: '2026-11-01', to: '2026-11-03' } },
      });
    }
  });

  it('refuses a day that is not one, and a まで before the から', () => {
    expect(errorsOf(parseFunnelRange({ from: 'きのう', to: '2026-11-31' }, now))).toEqual({
      from: '受付日（から）は 2026年11月1日 のように入力してください。',
      to: '受付日（まで）は 2026年11月1日 のように入力してください。',
    });
    expect(errorsOf(parseFunnelRange({ from: '2026-11-02', to: '2026-11-01' }, now))).toEqual({
      to: '受付日（まで）は（から）と同じか後の日にしてください。',
    });
  });
});
