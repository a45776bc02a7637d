import { createDraft, draftForSending, newIdempotencyKey } from '../../src/estimate/draftRules';
import { emptyFormValues, withEmptyDefaults } from '../../src/estimate/contract/formValues';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  it('are random v4 UUIDs', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(uuidPattern);
    expect(b).not.toBe(a);
  });

  it('are still UUIDs where crypto.randomUUID is missing (insecure origins)', () => {
    const realCrypto = globalThis.crypto;
    try {
      vi.stubGlobal('crypto', { getRandomValues: realCrypto.getRandomValues.bind(realCrypto) });
      const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
      vi.stubGlobal('crypto', undefined);
      keys.add(newIdempotencyKey());

      expect(keys.size).toBe(21);
      for (const key of keys) expect(key).toMatch(uuidPattern);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('withEmptyDefaults', () => {
  it('fills what react-hook-form leaves out of values read from the DOM, and keeps the rest', () => {
    const values = withEmptyDefaults({
      vehicle: { model: 'フィット', maker: 7 },
      request: { courtesyCar: null },
      consent: true,
    });
    expect(values.vehicle.model).toBe('フィット');
    expect(values.vehicle.maker).toBe('');
    expect(values.request.courtesyCar).toBe('');
    expect(values.customer.phone).toBe('');
    expect(values.consent).toBe(true);
    expect(withEmptyDefaults(undefined)).toEqual(emptyFormValues());
  });
});

describe('draftForSending', () => {
  // A request body, as send.ts builds it.
  const values = { customer: { phone: '0312345678' } };

  it('keeps the key for a first attempt and for a retry of the same content', () => {
    const draft = createDraft(emptyFormValues());
    const first = draftForSending(draft, values);
    expect(first.idempotencyKey).toBe(draft.idempotencyKey);
    expect(first.sentContent).toBe(JSON.stringify(values));
    const retry = draftForSending(first, { customer: { phone: '0312345678' } });
    expect(retry.idempotencyKey).toBe(draft.idempotencyKey);
  });

  it('gives changed content a new key (the server would answer the old one with the first id)', () => {
    const first = draftForSending(createDraft(emptyFormValues()), values);
    const changed = draftForSending(first, { customer: { phone: '0398765432' } });
    expect(changed.idempotencyKey).toMatch(uuidPattern);
    expect(changed.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(changed.sentContent).toBe(JSON.stringify({ customer: { phone: '0398765432' } }));
  });

  it('counts the whole body as content: a new price check after a failed attempt gets a new key', () => {
    const body = { ...values, quote: { vehicleClass: 'kei', roughTotal: 36040 } };
    const first = draftForSending(createDraft(emptyFormValues()), body);
    expect(draftForSending(first, structuredClone(body)).idempotencyKey).toBe(first.idempotencyKey);
    const requoted = { ...body, quote: { ...body.quote, roughTotal: 40000 } };
    expect(draftForSending(first, requoted).idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('gives the same content a new key when asked to renew (the server knows the key for another tab)', () => {
    const first = draftForSending(createDraft(emptyFormValues()), values);
    const renewed = draftForSending(first, values, true);
    expect(renewed.idempotencyKey).toMatch(uuidPattern);
    expect(renewed.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(draftForSending(renewed, values).idempotencyKey).toBe(renewed.idempotencyKey);
  });

  it('leaves the draft it was given unchanged', () => {
    const draft = createDraft(emptyFormValues());
    const copy = structuredClone(draft);
    draftForSending(draftForSending(draft, values), {});
    expect(draft).toEqual(copy);
  });
});
