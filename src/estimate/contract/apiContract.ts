// Codes of the estimate API's JSON answers, free of dependencies so the browser and the Worker import them.

/** 422: the key was used for other content (a copied tab); the client sends once with a new key. */
export const keyReusedCode = 'idempotency-key-reused';
