/**
 * What the estimate API and its client (api.ts) both name, beyond the statuses: the codes a JSON
 * answer carries for the client to act on without reading a message. Free of dependencies, so the
 * server and the Worker import it without the client's code.
 */

/**
 * 422 `{"code"}` for an Idempotency-Key already used for another request (the IETF
 * Idempotency-Key draft): a tab copied with its draft sent other content under the same key. The
 * client takes a new key and sends again, once.
 */
export const keyReusedCode = 'idempotency-key-reused';
