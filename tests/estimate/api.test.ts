import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { estimateApiClient, requestTimeoutMs, submitEstimate } from '../../src/estimate/api';
import type { EstimateRequest } from '../../src/estimate/validation/estimateSchema';

const body = {
  brand: 'carsupport',
  entryPoint: 'header',
  vehicle: {
    expiryYear: '2026',
    expiryMonth: '8',
    maker: 'トヨタ',
    model: 'プリウス',
    postalCode: '1234567',
  },
  customer: {
    lastName: '山田',
    firstName: '太郎',
    lastNameKana: 'ヤマダ',
    firstNameKana: 'タロウ',
    phone: '09012345678',
    email: 'taro@example.com',
  },
  request: {},
  consent: true,
  tracking: {},
} as EstimateRequest;

let requests: InternalAxiosRequestConfig[];

function answer(status: number, data: unknown): AxiosAdapter {
  return async (config) => {
    requests.push(config);
    return { status, statusText: '', data, headers: {}, config };
  };
}

function fail(code: string): AxiosAdapter {
  return async (config) => {
    requests.push(config);
    throw new AxiosError('failed', code, config, {});
  };
}

const defaultAdapter = estimateApiClient().defaults.adapter;

beforeEach(() => {
  requests = [];
});

afterEach(() => {
  estimateApiClient().defaults.adapter = defaultAdapter;
});

function use(adapter: AxiosAdapter) {
  estimateApiClient().defaults.adapter = adapter;
}

describe('submitEstimate', () => {
  it('POSTs the body as JSON to /api/estimates with the Idempotency-Key, 15 s timeout', async () => {
    use(answer(201, { id: 'est-1' }));

    await submitEstimate(body, 'key-123');

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('post');
    expect(request?.baseURL).toBe('/api');
    expect(request?.url).toBe('/estimates');
    expect(request?.timeout).toBe(requestTimeoutMs);
    expect(requestTimeoutMs).toBe(15_000);
    expect(request?.headers.get('Idempotency-Key')).toBe('key-123');
    expect(JSON.parse(String(request?.data))).toEqual(body);
  });

  it('classifies 201 with an id as success', async () => {
    use(answer(201, { id: 'est-1' }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({ kind: 'success', id: 'est-1' });
  });

  it('classifies 422 with field errors as invalid, keeping only string messages', async () => {
    use(answer(422, { errors: { 'customer.phone': '電話番号を入力してください', bad: 5 } }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'invalid',
      errors: { 'customer.phone': '電話番号を入力してください' },
    });
  });

  it.each([
    ['a 201 without an id', 201, {}],
    ['a 201 with HTML', 201, '<html>'],
    ['a 422 without errors', 422, { message: 'no' }],
    ['a 200', 200, { id: 'x' }],
    ['a 404', 404, 'Not Found'],
    ['a 429', 429, {}],
  ])('classifies %s as retryable', async (_name, status, data) => {
    use(answer(status, data));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'unexpected',
    });
  });

  it('classifies 5xx as a retryable server error', async () => {
    use(answer(503, { error: 'down' }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'server',
    });
  });

  it('classifies a timeout and a network failure as retryable, never throwing', async () => {
    use(fail('ECONNABORTED'));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'timeout',
    });
    use(fail('ERR_NETWORK'));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'network',
    });
    use(async () => {
      throw new TypeError('boom');
    });
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'unexpected',
    });
  });
});
