// In jsdom: the client's relative '/api' resolves against the page's origin, as in a browser.
import { requestTimeoutMs, submitEstimate } from '../../src/estimate/api';
import type { EstimateRequest } from '../../src/estimate/contract/validation/estimateSchema';
import { keyReusedCode } from '../../src/estimate/contract/apiContract';
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
  it('POSTs the body as JSON to /api/estimates with the Idempotency-Key', async () => {
    use(answer(201, { id: 'est-1' }));

    await submitEstimate(body, 'key-123');

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.href).toBe(new URL('/api/estimates', window.location.origin).href);
    expect(request?.headers.get('Idempotency-Key')).toBe('key-123');
    expect(request?.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(request?.body).toEqual(body);
  });

  it('classifies 201 with an id as accepted', async () => {
    use(answer(201, { id: 'est-1' }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({ kind: 'accepted', id: 'est-1' });
  });

  it('reads a held slot from the 201, and drops one that does not fit the contract', async () => {
    const booking = {
      state: 'held',
      shop: 'shibuya',
      start: '2026-12-05T10:30:00+09:00',
      manageUrl: 'https://carsupport.example/booking/abc',
    };
    use(answer(201, { id: 'est-1', booking }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'accepted',
      id: 'est-1',
      booking,
    });
    use(answer(201, { id: 'est-2', booking: { ...booking, manageUrl: 'javascript:alert(1)' } }));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({ kind: 'accepted', id: 'est-2' });
  });

  it('classifies a 409 slot_taken as slot-taken with its message and the well-formed alternatives', async () => {
    const free = { start: '2026-12-05T13:30:00+09:00', remaining: 1 };
    const message = '選んだ日時はたったいま満席になりました';
    use(
      answer(409, {
        error: 'slot_taken',
        message,
        alternatives: [free, { start: 'tomorrow', remaining: 1 }, { start: free.start }],
      }),
    );
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'slot-taken',
      message,
      alternatives: [free],
    });
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
    ['a 409 of another kind', 409, { error: 'conflict' }],
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

  it('classifies an answer not come in 15 s as a retryable timeout', async () => {
    use(() => new Promise<Response>(() => {}));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let outcome: unknown;
      void submitEstimate(body, 'k').then((settled) => (outcome = settled));
      await vi.advanceTimersByTimeAsync(requestTimeoutMs - 1);
      expect(outcome).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(requestTimeoutMs).toBe(15_000);
      expect(outcome).toEqual({ kind: 'retryable', reason: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('classifies a network failure as retryable, never throwing', async () => {
    use(networkError);
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'network',
    });
  });

  it('classifies what fails other than the network as unexpected, never throwing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new RangeError('boom'));
    await expect(submitEstimate(body, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'unexpected',
    });
    fetchSpy.mockRestore();
    // A body that is no JSON never leaves.
    const unsendable = { ...body, consent: 1n } as unknown as EstimateRequest;
    await expect(submitEstimate(unsendable, 'k')).resolves.toEqual({
      kind: 'retryable',
      reason: 'unexpected',
    });
    expect(requests).toHaveLength(0);
  });
});
