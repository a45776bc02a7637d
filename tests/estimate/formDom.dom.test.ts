import { domValue, entryPointOf } from '../../src/estimate/formDom';
import { isEstimateQuote, quoteOf } from '../../src/estimate/quote';

afterEach(() => {
  document.body.innerHTML = '';
});

function form(html: string): HTMLFormElement {
  document.body.innerHTML = `<dialog><form>${html}</form></dialog>`;
  return document.querySelector('form')!;
}

describe("the estimate form's controls, as the DOM shows them", () => {
  it('reads a checkbox as checked, a radio group and the other controls as their value', () => {
    const element = form(`
      <input type="checkbox" name="consent" checked>
      <input type="radio" name="request.courtesyCar" value="yes"><input type="radio" name="request.courtesyCar" value="no">
      <select name="vehicle.maker"><option value="">-</option><option selected>トヨタ</option></select>
      <textarea name="request.notes">メモ</textarea>`);
    expect(domValue(element, 'consent')).toBe(true);
    expect(domValue(element, 'request.courtesyCar')).toBe('');
    expect(domValue(element, 'vehicle.maker')).toBe('トヨタ');
    expect(domValue(element, 'request.notes')).toBe('メモ');
    expect(domValue(element, 'vehicle.model')).toBeUndefined();
  });

  it('reads the entry point and the quote the last opener wrote, and nothing else', () => {
    const element = form(`
      <input hidden name="entryPoint" value="price-check">
      <input hidden name="quote.vehicleClass" value="kei"><input hidden name="quote.roughTotal" value="36740">`);
    expect(entryPointOf(element)).toBe('price-check');
    expect(quoteOf(element)).toEqual({ vehicleClass: 'kei', roughTotal: 36740 });
    // Another opener disables the quote; a tampered entry point is the default one.
    (element.elements.namedItem('quote.vehicleClass') as HTMLInputElement).disabled = true;
    (element.elements.namedItem('entryPoint') as HTMLInputElement).value = '<script>';
    expect(quoteOf(element)).toBeUndefined();
    expect(entryPointOf(element)).toBe('header');
  });

  it('accepts only a quote of a known class with a whole-yen total in bounds', () => {
    expect(isEstimateQuote({ vehicleClass: 'kei', roughTotal: 36040 })).toBe(true);
    expect(isEstimateQuote({ vehicleClass: 'bus', roughTotal: 36040 })).toBe(false);
    expect(isEstimateQuote({ vehicleClass: 'kei', roughTotal: 1.5 })).toBe(false);
    expect(isEstimateQuote({ vehicleClass: 'kei', roughTotal: 10_000_000 })).toBe(false);
    expect(isEstimateQuote(null)).toBe(false);
  });
});
