import {
  createDraft,
  draftForSending,
  newIdempotencyKey,
  openDraft,
} from '../../src/estimate/draftRules';
import { emptyFormValues, hasInput } from '../../src/estimate/formValues';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function draftWithPhone(phone: string) {
  const values = emptyFormValues();
  values.customer.phone = phone;
  return createDraft(values, 'cta');
}

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

describe('openDraft', () => {
  it('starts an empty draft with a fresh key when nothing is stored', () => {
    const draft = openDraft(null, 'header', undefined);
    expect(draft.entryPoint).toBe('header');
    expect(hasInput(draft.values)).toBe(false);
    expect(draft.idempotencyKey).toMatch(uuidPattern);
  });

  it('lays a simple form over the stored draft; the prefill wins, the rest is kept', () => {
    const stored = draftWithPhone('0312345678');
    stored.values.vehicle.maker = 'ホンダ';
    stored.values.vehicle.model = 'フィット';

    const draft = openDraft(stored, 'simple-form-1', {
      maker: 'トヨタ',
      model: '',
      postalCode: '1234567',
    });

    expect(draft.entryPoint).toBe('simple-form-1');
    expect(draft.idempotencyKey).toBe(stored.idempotencyKey);
    expect(draft.values.vehicle).toMatchObject({
      maker: 'トヨタ',
      model: 'フィット',
      postalCode: '1234567',
    });
    expect(draft.values.customer.phone).toBe('0312345678');
  });

  it("gives typed year, month and day as the modal's select values", () => {
    const draft = openDraft(null, 'simple-form-2', {
      expiryYear: '２０２７',
      expiryMonth: '０３',
      expiryDay: ' 9 ',
      postalCode: '１２３－４５６７',
    });
    expect(draft.values.vehicle).toMatchObject({
      expiryYear: '2027',
      expiryMonth: '3',
      expiryDay: '9',
      // Text fields keep what was typed; validation normalises them.
      postalCode: '１２３－４５６７',
    });
  });

  it("lays the price check's 初度登録年月 over the draft as the modal's select values", () => {
    const draft = openDraft(null, 'price-check', {
      firstRegistrationYear: '2015',
      firstRegistrationMonth: '05',
    });
    expect(draft.values.vehicle).toMatchObject({
      firstRegistrationYear: '2015',
      firstRegistrationMonth: '5',
    });
  });
});

describe('draftForSending', () => {
  const values = { customer: { phone: '0312345678' } };

  it('keeps the key for a first attempt and for a retry of the same content', () => {
    const draft = createDraft(emptyFormValues(), 'header');
    const first = draftForSending(draft, values);
    expect(first.idempotencyKey).toBe(draft.idempotencyKey);
    expect(first.sentContent).toBe(JSON.stringify(values));
    const retry = draftForSending(first, { customer: { phone: '0312345678' } });
    expect(retry.idempotencyKey).toBe(draft.idempotencyKey);
  });

  it('gives changed content a new key (the server would answer the old one with the first id)', () => {
    const first = draftForSending(createDraft(emptyFormValues(), 'header'), values);
    const changed = draftForSending(first, { customer: { phone: '0398765432' } });
    expect(changed.idempotencyKey).toMatch(uuidPattern);
    expect(changed.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(changed.sentContent).toBe(JSON.stringify({ customer: { phone: '0398765432' } }));
  });

  it('counts the quote as content: a new price check after a failed attempt gets a new key', () => {
    const quote = { vehicleClass: 'kei', roughTotal: 36040 } as const;
    const first = draftForSending(
      { ...createDraft(emptyFormValues(), 'price-check'), quote },
      values,
    );
    expect(draftForSending(first, values).idempotencyKey).toBe(first.idempotencyKey);
    const requoted = { ...first, quote: { ...quote, roughTotal: 40000 } };
    expect(draftForSending(requoted, values).idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('leaves the draft it was given unchanged', () => {
    const draft = createDraft(emptyFormValues(), 'header');
    const copy = structuredClone(draft);
    draftForSending(draftForSending(draft, values), {});
    expect(draft).toEqual(copy);
  });
});
