import {
  clearDraft,
  createDraft,
  draftStorageKey,
  isEstimateQuote,
  loadDraft,
  newIdempotencyKey,
  openDraft,
  saveDraft,
} from '../../src/estimate/draft';
import { emptyFormValues, hasInput } from '../../src/estimate/formValues';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function draftWithPhone(phone: string) {
  const values = emptyFormValues();
  values.customer.phone = phone;
  return createDraft(values, 'cta');
}

describe('draft persistence', () => {
  it('reads back what was saved, in sessionStorage under estimate_draft', () => {
    const draft = { ...draftWithPhone('090-1234-5678'), sentContent: '{"a":1}' };
    saveDraft(draft);

    expect(sessionStorage.getItem(draftStorageKey)).toContain('090-1234-5678');
    expect(loadDraft()).toEqual(draft);
  });

  it('is gone after clearDraft', () => {
    saveDraft(draftWithPhone('0312345678'));
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it('discards a stored draft that is not JSON, not a draft, or of another version', () => {
    for (const raw of [
      '{not json',
      '"text"',
      'null',
      JSON.stringify({ version: 2, ...draftWithPhone('1') }),
      JSON.stringify({ version: 1, ...draftWithPhone('1'), entryPoint: 'popup' }),
      JSON.stringify({ version: 1, ...draftWithPhone('1'), idempotencyKey: '' }),
      JSON.stringify({ version: 1, ...draftWithPhone('1'), values: { vehicle: 1 } }),
    ]) {
      sessionStorage.setItem(draftStorageKey, raw);
      expect(loadDraft()).toBeNull();
      expect(sessionStorage.getItem(draftStorageKey)).toBeNull();
    }
  });

  it('keeps the usable parts of a tampered draft and drops the rest', () => {
    const draft = draftWithPhone('0312345678');
    sessionStorage.setItem(
      draftStorageKey,
      JSON.stringify({
        version: 1,
        ...draft,
        values: {
          ...draft.values,
          customer: { ...draft.values.customer, email: 42, extra: 'x' },
          consent: 'yes',
        },
      }),
    );

    const loaded = loadDraft();
    expect(loaded?.values.customer).toEqual({ ...emptyFormValues().customer, phone: '0312345678' });
    expect(loaded?.values.consent).toBe(false);
  });

  it('swallows storage errors', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });

    expect(() => saveDraft(draftWithPhone('1'))).not.toThrow();
    expect(loadDraft()).toBeNull();
    expect(() => clearDraft()).not.toThrow();
  });
});

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

  it('keeps a quote until a new price check replaces it, across a reload', () => {
    const quote = { vehicleClass: 'kei', roughTotal: 36040 } as const;
    const fromCheck = openDraft(null, 'price-check', undefined, quote);
    expect(fromCheck.quote).toEqual(quote);
    saveDraft(fromCheck);
    const reopened = openDraft(loadDraft(), 'header', undefined);
    expect(reopened.quote).toEqual(quote);
    const newer = { vehicleClass: 'upto-2000kg', roughTotal: 70000 } as const;
    expect(openDraft(reopened, 'price-check', undefined, newer).quote).toEqual(newer);
  });
});

describe('isEstimateQuote', () => {
  it('accepts only a known class with a whole-yen total in bounds (a tampered draft)', () => {
    expect(isEstimateQuote({ vehicleClass: 'kei', roughTotal: 36040 })).toBe(true);
    expect(isEstimateQuote({ vehicleClass: 'bus', roughTotal: 36040 })).toBe(false);
    expect(isEstimateQuote({ vehicleClass: 'kei', roughTotal: 1.5 })).toBe(false);
    expect(isEstimateQuote({ vehicleClass: 'kei', roughTotal: 10_000_000 })).toBe(false);
    expect(isEstimateQuote(null)).toBe(false);
  });

  it('drops a tampered quote from a stored draft and keeps the rest', () => {
    const draft = createDraft(emptyFormValues(), 'price-check');
    sessionStorage.setItem(
      draftStorageKey,
      JSON.stringify({ version: 1, ...draft, quote: { vehicleClass: 'kei', roughTotal: 'x' } }),
    );
    const loaded = loadDraft();
    expect(loaded?.idempotencyKey).toBe(draft.idempotencyKey);
    expect(loaded).not.toHaveProperty('quote');
  });
});
