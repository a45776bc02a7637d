import { clearDraft, draftStorageKey, loadDraft, saveDraft } from '../../src/estimate/draft';
import { createDraft } from '../../src/estimate/draftRules';
import { emptyFormValues } from '../../src/estimate/contract/formValues';

function draftWithPhone(phone: string) {
  const values = emptyFormValues();
  values.customer.phone = phone;
  return createDraft(values);
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

describe('a draft stored before the entry point and the quote left it', () => {
  it('is read without them: the form holds both in its controls (decision 007)', () => {
    const draft = draftWithPhone('0312345678');
    sessionStorage.setItem(
      draftStorageKey,
      JSON.stringify({
        version: 1,
        ...draft,
        entryPoint: 'price-check',
        quote: { vehicleClass: 'kei', roughTotal: 36040 },
      }),
    );
    expect(loadDraft()).toEqual(draft);
  });
});
