// Shared by the estimate unit tests: one valid form, and one fixed "now" for the date rules.
import { emptyFormValues, type EstimateFormValues } from '../../src/estimate/formValues';

/** 2026-05-10 10:00 in Tokyo: the years offered, "today" and the expiry rules follow it. */
const fixedNow = new Date('2026-05-10T01:00:00Z');

/** Freezes Date at fixedNow for every test of the calling file. */
export function freezeDateAtFixedNow(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(fixedNow);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** A form every rule accepts at fixedNow: required fields filled, optional ones empty. */
export function validValues(): EstimateFormValues {
  const values = emptyFormValues();
  values.vehicle = {
    ...values.vehicle,
    expiryYear: '2026',
    expiryMonth: '8',
    maker: 'トヨタ',
    model: 'プリウス',
    postalCode: '1234567',
  };
  values.customer = {
    lastName: '山田',
    firstName: '太郎',
    lastNameKana: 'ヤマダ',
    firstNameKana: 'タロウ',
    phone: '09012345678',
    email: 'taro@example.com',
  };
  values.consent = true;
  return values;
}
