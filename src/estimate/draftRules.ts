/**
 * The estimate draft's rules, free of storage and React: what a draft holds and when a request needs a new Idempotency-Key. Persistence is draft.ts.
 */
import type { EstimateFormValues } from './formValues';
import type { EntryPoint, EstimateQuote } from './types';

export type EstimateDraft = {
  values: EstimateFormValues;
  entryPoint: EntryPoint;
  idempotencyKey: string;
  /**
   * The validated content last sent with idempotencyKey (JSON), if any. When the visitor changes
   * the content after a failed attempt, the next attempt needs a new key: the server answers a
   * repeated key with the first attempt's id and would silently drop the changes.
   */
  sentContent?: string;
  /** The price check's rough price, when the visitor came from there (sent with the request). */
  quote?: EstimateQuote;
};

/**
 * A random UUID; falls back where crypto.randomUUID is missing (insecure origins, old Safari).
 * @internal Exported for its test, which checks both ways of making one.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof cryptoApi?.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  // RFC 4122 version 4, variant 1.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createDraft(values: EstimateFormValues, entryPoint: EntryPoint): EstimateDraft {
  return { values, entryPoint, idempotencyKey: newIdempotencyKey() };
}

/**
 * The draft to send the validated `values` with, recording them as sent. The quote is part of
 * what is sent. The same content keeps the key, so a retry cannot create a second estimate; other
 * content than was last sent with the key gets a new one (see EstimateDraft.sentContent).
 */
export function draftForSending(draft: EstimateDraft, values: unknown): EstimateDraft {
  const content = JSON.stringify(draft.quote ? { values, quote: draft.quote } : values);
  const changed = draft.sentContent !== undefined && draft.sentContent !== content;
  return {
    ...draft,
    idempotencyKey: changed ? newIdempotencyKey() : draft.idempotencyKey,
    sentContent: content,
  };
}
