import { keyReusedCode } from '../../src/estimate/contract/apiContract';
import { sendEstimate } from '../../src/estimate/send';
import type { EstimateFormOutput } from '../../src/estimate/contract/validation/estimateSchema';
import { storedCustomer } from '../factories/estimate';
import { answer, created, estimateApi } from './estimateApi';

const { requests, answers } = estimateApi();

const values = {
  vehicle: {
    expiryYear: '2027',
    expiryMonth: '8',
    maker: 'トヨタ',
    model: 'プリウス',
    postalCode: '1234567',
  },
  customer: storedCustomer('taro@example.com'),
  request: {},
} as EstimateFormOutput;
const context = {
  brand: 'yamada',
  entryPoint: 'price-check',
  quote: { vehicleClass: 'kei', roughTotal: 36740 },
} as const;

describe('sendEstimate', () => {
  it('sends the body it built under the key asked for that body', async () => {
    answers.push(created('EST-1'));
    const keyFor = vi.fn((_body: unknown) => 'key-1');
    await expect(sendEstimate(values, context, '', keyFor)).resolves.toEqual({
      kind: 'accepted',
      id: 'EST-1',
    });
    expect(keyFor).toHaveBeenCalledTimes(1);
    expect(requests[0]?.body).toEqual(keyFor.mock.calls[0]?.[0]);
    expect(requests[0]?.body).toMatchObject({
      brand: 'yamada',
      entryPoint: 'price-check',
      quote: context.quote,
      consent: true,
    });
    expect(requests[0]?.body).not.toHaveProperty('homepage');
    expect(requests[0]?.headers.get('Idempotency-Key')).toBe('key-1');
  });

  it('sends the same body again under a renewed key, once, when the server knows the key for other content', async () => {
    answers.push(answer(422, { error: 'reused', code: keyReusedCode }), created('EST-3'));
    const keyFor = vi.fn((_body: unknown, renew: boolean) => (renew ? 'fresh' : 'copied'));
    await expect(sendEstimate(values, context, '', keyFor)).resolves.toEqual({
      kind: 'accepted',
      id: 'EST-3',
    });
    expect(requests.map((request) => request.headers.get('Idempotency-Key'))).toEqual([
      'copied',
      'fresh',
    ]);
    expect(requests[1]?.body).toEqual(requests[0]?.body);
  });

  it('sends no third time when a renewed key is refused too: safe to retry later', async () => {
    const reused = answer(422, { error: 'reused', code: keyReusedCode });
    answers.push(reused, reused, created('never'));
    await expect(sendEstimate(values, context, '', () => 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'unexpected',
    });
    expect(requests).toHaveLength(2);
  });

  it('sends a filled honeypot, for the API to mark the lead', async () => {
    answers.push(created('EST-2'));
    await sendEstimate(values, context, 'https://spam.example', () => 'key-2');
    expect(requests[0]?.body).toMatchObject({ homepage: 'https://spam.example' });
  });

  it('returns what the API answered, a rate limit apart from a refusal', async () => {
    answers.push(answer(429, { errors: { form: 'しばらくおいてもう一度お試しください' } }));
    await expect(sendEstimate(values, context, '', () => 'k')).resolves.toEqual({
      kind: 'rate-limited',
      errors: { form: 'しばらくおいてもう一度お試しください' },
    });
  });

  it('never throws: a failure before the request is an unexpected one, and nothing is sent', async () => {
    const failing = () => {
      throw new Error('no key');
    };
    await expect(sendEstimate(values, context, '', failing)).resolves.toEqual({
      kind: 'retryable',
      reason: 'unexpected',
    });
    expect(requests).toHaveLength(0);
  });
});
