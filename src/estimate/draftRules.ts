// The draft's rules, free of storage and React: what it holds, when a new Idempotency-Key is due.
import type { EstimateFormValues } from './contract/formValues';

export type EstimateDraft = {
  values: EstimateFormValues;
  idempotencyKey: string;
  /** Another body needs a new key: the server answers a repeated key with the first id. */
  sentContent?: string;
};

/** @internal Exported for its test. Falls back where randomUUID is missing (insecure origins). */
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

export function createDraft(values: EstimateFormValues): EstimateDraft {
  return { values, idempotencyKey: newIdempotencyKey() };
}

/** The same body keeps the key, so a retry cannot make a second estimate; `renew`: another tab's. */
export function draftForSending(draft: EstimateDraft, body: unknown, renew = false): EstimateDraft {
  const content = JSON.stringify(body);
  const changed = renew || (draft.sentContent !== undefined && draft.sentContent !== content);
  return {
    ...draft,
    idempotencyKey: changed ? newIdempotencyKey() : draft.idempotencyKey,
    sentContent: content,
  };
}
