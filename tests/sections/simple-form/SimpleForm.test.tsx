import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldPaths, fields } from '../../../src/estimate/contract/fieldTable';
import { dayOptions, makers, monthOptions } from '../../../src/estimate/contract/options';
import { hasPendingInput, setPendingInput } from '../../../src/lib/pendingInput';
import { SimpleForm } from '../../../src/sections/simple-form/SimpleForm';
import { renderWithBrand } from '../renderWithBrand';

function renderForm(index: 1 | 2 | 3 = 2) {
  return renderWithBrand(
    <SimpleForm
      index={index}
      heading="かんたん見積もり"
      lead="lead"
      submitLabel="見積もる"
      note="note"
    />,
  );
}

afterEach(() => {
  for (const n of [1, 2, 3]) setPendingInput(`simple-form-${n}`, false);
});

function optionValues(select: HTMLElement): string[] {
  return Array.from((select as HTMLSelectElement).options, (option) => option.value).filter(
    Boolean,
  );
}

describe('SimpleForm', () => {
  it('offers the shared lists and lengths, and names its fields as the estimate form does', () => {
    renderForm(1);
    const form = screen.getByRole('form', { name: 'かんたん見積もり' }) as HTMLFormElement;
    expect(optionValues(within(form).getByRole('combobox', { name: /メーカー/ }))).toEqual([
      ...makers,
    ]);
    expect(optionValues(within(form).getByLabelText('月'))).toEqual(monthOptions.map(String));
    expect(optionValues(within(form).getByLabelText(/^日/))).toEqual(dayOptions.map(String));
    expect(within(form).getByLabelText('年')).toHaveAttribute(
      'maxlength',
      String(fields['vehicle.expiryYear'].simpleForm.maxLength),
    );
    // No maxlength on 車種: it would cut a paste unseen; the estimate form counts and refuses.
    expect(within(form).getByRole('textbox', { name: /車種/ })).not.toHaveAttribute('maxlength');
    // Without JavaScript the browser posts it to the estimate API, which asks for the rest.
    expect(form).toHaveAttribute('action', '/api/estimates');
    expect(form.method).toBe('post');
    expect(form).toHaveAttribute('data-estimate-form', 'simple-form-1');
    expect(form.elements.namedItem('brand')).toHaveValue('carsupport');
    expect(form.elements.namedItem('entryPoint')).toHaveValue('simple-form-1');
    // The names of the estimate form's controls: the first-paint script copies each value into
    // the control of the same name (prerender/firstPaint.ts).
    const names = Array.from(form.elements)
      .filter((element) => (element as HTMLInputElement).type !== 'hidden')
      .map((element) => (element as HTMLInputElement).name);
    expect(names.filter(Boolean)).toEqual(
      fieldPaths.filter((path) => 'simpleForm' in fields[path]),
    );
    expect(names.filter(Boolean).sort()).toEqual(
      ['expiryDay', 'expiryMonth', 'expiryYear', 'maker', 'model', 'postalCode'].map(
        (name) => `vehicle.${name}`,
      ),
    );
  });

  it('marks its required fields for the browser, and the keyboard each needs', () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /郵便番号/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: /郵便番号/ })).toHaveAttribute(
      'autocomplete',
      'postal-code',
    );
    expect(screen.getByLabelText('年')).toHaveAttribute('inputmode', 'numeric');
  });

  it("never stops a submit with the browser's bubble, and shows no value look-alike", () => {
    renderForm(1);
    const form = screen.getByRole('form', { name: 'かんたん見積もり' }) as HTMLFormElement;
    expect(form.noValidate).toBe(true);
    expect(screen.getByLabelText('年')).not.toHaveAttribute('placeholder');
    // One example per field, the one the estimate form's hint gives.
    for (const path of ['vehicle.model', 'vehicle.postalCode'] as const) {
      const example = fields[path].example;
      expect(form.querySelector(`[name="${path}"]`)).toHaveAttribute(
        'placeholder',
        `例: ${example}`,
      );
      expect(fields[path].hint).toContain(`例: ${example}`);
    }
  });

  it('holds a deploy reload while it has input, and releases it when emptied', async () => {
    const user = userEvent.setup();
    renderForm(1);
    expect(hasPendingInput()).toBe(false);
    const model = screen.getByRole('textbox', { name: /車種/ });
    await user.type(model, 'N');
    expect(hasPendingInput()).toBe(true);
    await user.clear(model);
    expect(hasPendingInput()).toBe(false);
  });

  it('releases the pending input once submitted', async () => {
    const user = userEvent.setup();
    renderForm(1);
    await user.type(screen.getByLabelText('年'), '2027');
    await user.selectOptions(screen.getByLabelText('月'), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: /メーカー/ }), 'トヨタ');
    await user.type(screen.getByRole('textbox', { name: /車種/ }), 'プリウス');
    await user.type(screen.getByRole('textbox', { name: /郵便番号/ }), '1000001');
    expect(hasPendingInput()).toBe(true);
    await user.click(screen.getByRole('button', { name: '見積もる' }));
    expect(hasPendingInput()).toBe(false);
  });
});
