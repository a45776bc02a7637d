import { AxiosError } from 'axios';
// In jsdom: the client's relative '/api' resolves against the page's origin, as in a browser.
import { estimateApiClient, requestTimeoutMs, submitEstimate } from '../../src/estimate/api';
import type { EstimateRequest } from '../../src/estimate/validation/estimateSchema';
import { keyReusedCode } from '../../src/estimate/apiContract';
import { answer, estimateApi, networkError, type Answer } from './estimateApi';
import { validRequest } from '../factories/estimate';

const body = validRequest('carsupport', {
  entryPoint: 'header',
  request: {},
  tracking: {},
}) as EstimateRequest;

const { requests, answers } = estimateApi();

function use(next: Answer) {
  answers.push(next);
}

describe('submitEstimate', () => {
  it('POSTs the body as JSON to /api/estimates with the Idempotency-Key, 15 s timeout', async () => {
    use(answer(201, { id: 'est-1' }));

    await submitEstimate(body, 'key-123');

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(new URL('/api/estimates', window.location.origin).href);
    expect(estimateApiClient().defaults.timeout).toBe(requestTimeoutMs);
    expect(requestTimeoutMs).toBe(15_000);
    expect(request?.headers.get('Idempotency-Key')).toBe('key-123');
    expect(request?.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(request?.body).toEqual(body);
  });

  it('classifies 201 with an id as accepted', async () => {
    use(answer(201, { id: 'est-1' }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({ kind: 'accepted', id: 'est-1' });
  });

  it('classifies 422 with field errors as invalid, keeping only string messages', async () => {
    use(answer(422, { errors: { 'customer.phone': '電話番号を入力してください', bad: 5 } }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'invalid',
      errors: { 'customer.phone': '電話番号を入力してください' },
    });
  });

  it('classifies 422 with the reused-key code apart from a refusal of the content', async () => {
    use(answer(422, { error: '別の内容の送信に使われています', code: keyReusedCode }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({ kind: 'key-reused' });
  });

  it('classifies 429 with its message as rate-limited, with the message to show', async () => {
    const message =
      'しばらくおいてもう一度お試しいただくか、お電話（0120-000-000）でご連絡ください';
    use(answer(429, { errors: { form: message } }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'rate-limited',
      errors: { form: message },
    });
  });

  it.each([
    ['a 201 without an id', 201, {}],
    ['a 201 with HTML', 201, '<html>'],
    ['a 422 without errors', 422, { message: 'no' }],
    ['a 200', 200, { id: 'x' }],
    ['a 404', 404, 'Not Found'],
    ['a 429 without a message', 429, {}],
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
    // The one answer not given at the network boundary: MSW's XMLHttpRequest stand-in never
    // fires xhr.timeout, so the adapter reports what a browser's timeout becomes in axios.
    const client = estimateApiClient();
    const adapter = client.defaults.adapter;
    client.defaults.adapter = async (config) => {
      throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config);
    };
    try {
      await expect(submitEstimate(body, 'k')).resolves.toEqual({
        kind: 'retryable',
        reason: 'timeout',
      });
    } finally {
      client.defaults.adapter = adapter;
    }
    use(networkError);
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'network',
    });
    // Something other than the network fails (here, before the request leaves).
    const interceptor = client.interceptors.request.use(() => {
      throw new TypeError('boom');
    });
    try {
      await expect(submitEstimate(body, 'k')).resolves.toEqual({
        kind: 'retryable',
        reason: 'unexpected',
      });
    } finally {
      client.interceptors.request.eject(interceptor);
    }
  });
});
