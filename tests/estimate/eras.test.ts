// Years as the 車検証 prints them (src/estimate/contract/eras.ts): the choices show both, and a
// year typed as 令和, its letter or its last digits is understood, in the form and in the API.
import { safeParse } from 'valibot';
import { expiryYearOptions, firstRegistrationYearOptions } from '../../src/estimate/contract/dates';
import { westernYear, yearLabel } from '../../src/estimate/contract/eras';
import {
  estimateFormSchema,
  fieldErrors,
} from '../../src/estimate/contract/validation/estimateSchema';
import { validFormValues } from '../factories/estimate';
import { freezeDateAtFixedNow } from './fixedNow';

freezeDateAtFixedNow();

describe('years in 令和 and 西暦', () => {
  it('labels a year with its era first, as the 車検証 does', () => {
    expect(yearLabel(2027)).toBe('令和9年（2027年）');
    expect(yearLabel(2019)).toBe('令和元年（2019年）');
    expect(yearLabel(2018)).toBe('平成30年（2018年）');
    expect(yearLabel(1988)).toBe('昭和63年（1988年）');
  });

  it('reads a typed 車検満了日 year among the years offered (2025〜2029)', () => {
    const offered = expiryYearOptions();
    for (const typed of [
      '2027',
      '２０２７',
      '2027年',
      '27',
      '２７',
      '令和9',
      '令和９年',
      'R9',
      'ｒ９',
      '9',
    ]) {
      expect(westernYear(typed, offered), typed).toBe('2027');
    }
    expect(westernYear('7', offered)).toBe('2025');
    expect(westernYear('10', offered)).toBe('2028');
  });

  it('reads a first registration year back to 昭和, the past before 令和 for two digits', () => {
    const offered = firstRegistrationYearOptions();
    expect(westernYear('H30', offered)).toBe('2018');
    expect(westernYear('平成元年', offered)).toBe('1989');
    expect(westernYear('令和元年', offered)).toBe('2019');
    expect(westernYear('98', offered)).toBe('1998');
    expect(westernYear('10', offered)).toBe('2010');
  });

  it('sends the Western year, and says the range when a year is none offered', () => {
    const values = (expiryYear: string) => validFormValues({ vehicle: { expiryYear } });
    const parsed = safeParse(estimateFormSchema, values('令和9'));
    expect(parsed.success && parsed.output.vehicle.expiryYear).toBe('2027');
    const refused = safeParse(estimateFormSchema, values('令和20'));
    expect(refused.success ? {} : fieldErrors(refused.issues)).toEqual({
      'vehicle.expiryYear': '車検満了日の年は2025年〜2029年から選択してください',
    });
  });
});
