import { trackingConfig } from '../../src/content/trackingConfig';
import { reportEstimate, reportOutcome } from '../../src/estimate/estimateEvents';
import { clearDataLayerAfterEach, dataLayerEntries } from '../dataLayer';

const context = { brand: 'carsupport', entryPoint: 'simple-form-1' } as const;
const customer = { email: ' Taro@Example.com ', phone: '09012345678' };

const layer = dataLayerEntries;
clearDataLayerAfterEach();

// The names and fields of docs/tracking.md, which the marketers' tags read.
describe('the estimate events', () => {
  it('report an open and each attempt with the brand and the entry point', () => {
    reportEstimate('estimate_open', context);
    reportEstimate('estimate_submit', context);
    expect(layer()).toEqual([
      { event: 'estimate_open', brand: 'carsupport', entry_point: 'simple-form-1' },
      { event: 'estimate_submit', brand: 'carsupport', entry_point: 'simple-form-1' },
    ]);
  });

  it('report an accepted lead by its id, with no personal data by default', () => {
    reportOutcome(context, { kind: 'accepted', id: 'EST-1' }, customer, true);
    expect(layer()).toEqual([
      {
        event: 'estimate_success',
        brand: 'carsupport',
        entry_point: 'simple-form-1',
        estimate_id: 'EST-1',
      },
    ]);
  });

  it('add user_provided_data only with enhanced conversions and the visitor’s adConsent, and clear it at once', () => {
    trackingConfig.carsupport.enhancedConversions = true;
    try {
      reportOutcome(context, { kind: 'accepted', id: 'EST-6' }, customer, false);
      expect(JSON.stringify(layer())).not.toContain('user_provided_data');
      layer().length = 0;
      reportOutcome(context, { kind: 'accepted', id: 'EST-7' }, customer, true);
      expect(layer()).toEqual([
        {
          event: 'estimate_success',
          brand: 'carsupport',
          entry_point: 'simple-form-1',
          estimate_id: 'EST-7',
          user_provided_data: { email: 'taro@example.com', phone_number: '+819012345678' },
        },
        // Cleared from the tag manager's model, so no later event carries it.
        { user_provided_data: null },
      ]);
    } finally {
      trackingConfig.carsupport.enhancedConversions = false;
    }
  });

  it.each([
    [{ kind: 'invalid', errors: { form: 'x' } }, 'invalid'],
    [{ kind: 'rate-limited', errors: { form: 'x' } }, 'invalid'],
    [{ kind: 'retryable', reason: 'network' }, 'network'],
    [{ kind: 'retryable', reason: 'timeout' }, 'timeout'],
    [{ kind: 'retryable', reason: 'server' }, 'server'],
    [{ kind: 'retryable', reason: 'unexpected' }, 'unexpected'],
  ] as const)('report %o as estimate_error %s', (outcome, error) => {
    reportOutcome(context, outcome, customer, true);
    expect(layer()).toEqual([
      { event: 'estimate_error', brand: 'carsupport', entry_point: 'simple-form-1', error },
    ]);
  });
});
