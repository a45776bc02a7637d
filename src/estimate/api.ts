/**
 * The estimate API client. Every outcome is classified, never thrown: the form only has to know
 * whether the estimate was accepted, which fields to fix, or that sending again is safe.
 * send.ts builds the body it sends; estimateEvents.ts reports each outcome.
 */
import axios, { type AxiosInstance } from 'axios';
import type { EstimateRequest } from './validation/estimateSchema';
import { isRecord } from '../lib/isRecord';
import { keyReusedCode } from './apiContract';
import { apiBase } from './endpoint';

/** Why a send did not get through; sending again is safe. */
export type RetryReason = 'network' | 'timeout' | 'server' | 'unexpected';

/** What came of a send. */
export type SendOutcome =
  /** The API stored the lead (or had stored it under the same Idempotency-Key). */
  | { kind: 'accepted'; id: string }
  /** The API refused the content: messages by field path ("form" for the body as a whole). */
  | { kind: 'invalid'; errors: Record<string, string> }
  /** Too many new leads from this address; the message says when to try again. */
  | { kind: 'rate-limited'; errors: Record<string, string> }
  /** The request did not get through, or its answer was not understood. */
  | { kind: 'retryable'; reason: RetryReason };

/**
 * What a single POST can also come to, which send.ts resolves before the form hears of it: the
 * Idempotency-Key was already used for other content (a tab copied with its draft sent first), so
 * the same body under a new key is a lead of its own.
 */
export type SubmitOutcome = SendOutcome | { kind: 'key-reused' };

/** @internal Exported for the client's test, which pins the 15 s of the spec. */
export const requestTimeoutMs = 15_000;

let client: AxiosInstance | undefined;

/**
 * The shared axios instance, made on first use (no work at import time).
 * @internal Exported for the client's test, which reads its settings.
 */
export function estimateApiClient(): AxiosInstance {
  client ??= axios.create({
    baseURL: apiBase,
    timeout: requestTimeoutMs,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    // Statuses are classified below rather than thrown.
    validateStatus: () => true,
  });
  return client;
}

const maxIdLength = 200;
const maxMessageLength = 500;

function fieldErrorsFrom(data: unknown): Record<string, string> | null {
  if (!isRecord(data) || !isRecord(data.errors)) return null;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(data.errors)) {
    if (typeof message === 'string' && message !== '') {
      errors[field] = message.slice(0, maxMessageLength);
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** POSTs the estimate; the same idempotencyKey makes a retry answer the first attempt's id. */
export async function submitEstimate(
  body: EstimateRequest,
  idempotencyKey: string,
): Promise<SubmitOutcome> {
  try {
    const response = await estimateApiClient().post<unknown>('/estimates', body, {
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    const { status, data } = response;
    if (status === 201) {
      const id = isRecord(data) ? data.id : undefined;
      return typeof id === 'string' && id !== '' && id.length <= maxIdLength
        ? { kind: 'accepted', id }
        : { kind: 'retryable', reason: 'unexpected' };
    }
    // 429: too many new leads from this address (shared by many phones behind carrier NAT); the
    // answer's message, at the form, says when to try again and gives the phone number, and the
    // form keeps everything typed, as for any message from the server.
    if (status === 422 && isRecord(data) && data.code === keyReusedCode) {
      return { kind: 'key-reused' };
    }
    if (status === 422 || status === 429) {
      const errors = fieldErrorsFrom(data);
      if (!errors) return { kind: 'retryable', reason: 'unexpected' };
      return { kind: status === 422 ? 'invalid' : 'rate-limited', errors };
    }
    return { kind: 'retryable', reason: status >= 500 ? 'server' : 'unexpected' };
  } catch (error) {
    if (axios.isAxiosError(error)) {
      if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
        return { kind: 'retryable', reason: 'timeout' };
      }
      if (!error.response) return { kind: 'retryable', reason: 'network' };
    }
    return { kind: 'retryable', reason: 'unexpected' };
  }
}
