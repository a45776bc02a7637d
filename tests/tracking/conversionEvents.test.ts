import { estimateSuccessParams, userProvidedData } from '../../src/tracking/conversionEvents';
import { japanesePhoneToE164 } from '../../src/lib/japanesePhone';
import { trackingConfig } from '../../src/content/trackingConfig';

const customer = { email: ' Taro@Example.com ', phone: '09012345678' };

describe('estimateSuccessParams', () => {
  it('names the lead with the id the API answered, with brand and entry point only', () => {
    expect(
      estimateSuccessParams({
        brand: 'yamada',
        entryPoint: 'cta',
        estimateId: 'f3b1c6d2-0000-4000-8000-000000000000',
        customer,
        enhancedConversions: false,
      }),
    ).toEqual({
      brand: 'yamada',
      entry_point: 'cta',
      estimate_id: 'f3b1c6d2-0000-4000-8000-000000000000',
    });
  });

  it('adds user_provided_data with enhanced conversions on', () => {
    expect(
      estimateSuccessParams({
        brand: 'carsupport',
        entryPoint: 'header',
        estimateId: 'id-1',
        customer,
        enhancedConversions: true,
      }),
    ).toEqual({
      brand: 'carsupport',
      entry_point: 'header',
      estimate_id: 'id-1',
      user_provided_data: { email: 'taro@example.com', phone_number: '+819012345678' },
    });
  });

  it('is off for both brands by default', () => {
    expect(trackingConfig.carsupport.enhancedConversions).toBe(false);
    expect(trackingConfig.yamada.enhancedConversions).toBe(false);
  });
});

describe('japanesePhoneToE164', () => {
  it.each([
    ['09012345678', '+819012345678'],
    ['0312345678', '+81312345678'],
    ['0120104631', '+81120104631'],
    ['03-1234-5678', '+81312345678'],
    ['(03)1234-5678', '+81312345678'],
  ])('%s → %s', (input, expected) => {
    expect(japanesePhoneToE164(input)).toBe(expected);
  });

  it.each(['', '12345', '+819012345678', '090123456789', '0901234567a'])(
    'gives nothing for %j',
    (input) => {
      expect(japanesePhoneToE164(input)).toBeUndefined();
    },
  );
});

describe('userProvidedData', () => {
  it('leaves out what it cannot send in the expected form', () => {
    expect(userProvidedData({ email: '', phone: '12345' })).toEqual({});
  });
});
