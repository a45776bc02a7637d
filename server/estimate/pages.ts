/** The no-JS post's HTML answers, rendered from strings (decision 012): escape every value. */
import { brands, receptionText, telHref, type BrandId } from '../../src/brand/brands';
import { receiptNotice } from '../../src/brand/mail';
import type { FieldSpec } from '../../src/estimate/contract/fieldSpec';
import {
  checkboxText,
  field,
  isFieldPath,
  type FieldPath,
} from '../../src/estimate/contract/fieldTable';
import { errorSummaryTitle, summaryEntries } from '../../src/estimate/contract/summaryWords';
import { isSimpleFormEntry } from '../../src/estimate/contract/types';
import {
  adConsentNote,
  externalTransmissionHeading,
  externalTransmissionHref,
  thirdPartyHeading,
  thirdPartySectionId,
} from '../../src/content/externalTransmissionLink';
import { honeypotField } from '../../src/estimate/contract/validation/estimateSchema';
import { escapeHtml } from '../../src/lib/escapeHtml';
import { formPostNames, type PostedValues } from './formPost';

function labelOf(path: FieldPath): string {
  const spec = field(path);
  if (spec.control === 'checkbox') return checkboxText(path);
  const base = spec.group ? spec.group.legend : spec.label;
  const notes = [spec.group ? spec.part : spec.unit, spec.required ? '' : '任意'].filter(Boolean);
  return notes.length > 0 ? `${base}（${notes.join('・')}）` : base;
}

/** The one inline style sheet; the CSP allows it by its hash (styleHashSource, http.ts). */
export const pageStyle = [
  'body{font-family:system-ui,sans-serif;line-height:1.7;max-width:40rem;margin:0 auto;padding:1rem;color:#1a1a1a;background:#fff}',
  'h1{font-size:1.4rem}',
  'a{color:#0645ad}',
  '.tel{font-size:1.3rem;font-weight:bold}',
  '.errors{border:2px solid #b00020;padding:.5rem 1rem;margin:1rem 0}',
  '.error{color:#b00020;margin:.25rem 0 0}',
  '.field{margin:1rem 0}',
  '.field>label:first-child,legend{display:block;font-weight:bold}',
  'input[type=text],input[type=tel],input[type=email],input[type=date],select,textarea{font:inherit;width:100%;box-sizing:border-box;padding:.4rem;border:1px solid #555}',
  '[aria-invalid=true]{border-color:#b00020;border-width:2px}',
  'fieldset{border:0;padding:0;margin:1rem 0}',
  'button{font:inherit;padding:.6rem 1.5rem}',
  '.hp{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}',
].join('');

function page(brand: BrandId, title: string, body: string): string {
  const name = escapeHtml(brands[brand].name);
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${name}</title>
<style>${pageStyle}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function phoneLine(brand: BrandId, lead: string): string {
  const { phone } = brands[brand];
  return `<p>${escapeHtml(lead)}<br><a class="tel" href="${escapeHtml(telHref(phone))}">${escapeHtml(phone)}</a><br>${escapeHtml(receptionText(brands[brand]))}</p>`;
}

const homeLink = '<p><a href="/">トップページへ戻る</a></p>';

function receiptLines(brand: BrandId): string {
  const receipt = receiptNotice(brands[brand]);
  if (!receipt) return '';
  return `<p><strong>${escapeHtml(receipt.title)}</strong><br>${escapeHtml(receipt.text)}${escapeHtml(receipt.filter)}</p>\n`;
}

export function acceptedPage(brand: BrandId, id: string): string {
  const name = brands[brand].name;
  return page(
    brand,
    'お見積もり依頼を受け付けました',
    `<h1>お見積もり依頼を受け付けました</h1>
<p>${escapeHtml(name)}へのお見積もり依頼ありがとうございます。担当者より折り返しご連絡いたします。</p>
<p>受付番号: <strong>${escapeHtml(id)}</strong></p>
${receiptLines(brand)}${phoneLine(brand, 'お急ぎの方はお電話ください（受付番号をお伝えください）。')}
${homeLink}`,
  );
}

export function problemPage(brand: BrandId, message: string, note?: string): string {
  return page(
    brand,
    'お見積もり依頼を受け付けられませんでした',
    `<h1>お見積もり依頼を受け付けられませんでした</h1>
<p>${escapeHtml(message)}</p>
${note ? `<p>${escapeHtml(note)}</p>` : ''}
${phoneLine(brand, 'お電話でも承ります。')}
${homeLink}`,
  );
}

function idOf(name: string): string {
  return `f-${name.replace(/\./g, '-')}`;
}

function options(
  list: readonly { value: string; label: string }[],
  selected: string | undefined,
): string {
  return [{ value: '', label: '選択してください' }, ...list]
    .map(
      (option) =>
        `<option value="${escapeHtml(option.value)}"${option.value === selected ? ' selected' : ''}>${escapeHtml(option.label)}</option>`,
    )
    .join('');
}

function choicesOf(spec: FieldSpec): { value: string; label: string }[] {
  return (spec.options ?? []).map((option) =>
    typeof option === 'object' ? option : { value: String(option), label: String(option) },
  );
}

/** A number select is typed here, in digits. */
function inputType(spec: FieldSpec): string {
  return spec.control === 'tel' || spec.control === 'email' || spec.control === 'date'
    ? spec.control
    : 'text';
}

function fieldHtml(name: FieldPath, value: string | undefined, error: string | undefined): string {
  const id = idOf(name);
  const spec = field(name);
  const label = escapeHtml(labelOf(name));
  const invalid = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  const errorHtml = error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : '';
  const current = value ?? '';
  let control: string;
  if (spec.control === 'checkbox') {
    // The consent says, as the dialog's does, what goes to the ad platforms, with the policy.
    const note =
      name === 'adConsent'
        ? `<p>${adConsentNote}提供先と外国の制度は<a href="/privacypolicy#${thirdPartySectionId}">${thirdPartyHeading}</a>をご覧ください。</p>`
        : `<p><a href="/privacypolicy">プライバシーポリシー</a>と<a href="${externalTransmissionHref}">${externalTransmissionHeading}</a>をご確認ください。</p>`;
    return `${note}<div class="field"><input type="checkbox" id="${id}" name="${name}" value="on"${current ? ' checked' : ''}${invalid}> <label for="${id}">${label}</label>${errorHtml}</div>`;
  }
  if (spec.control === 'radio') {
    const radios = choicesOf(spec)
      .map(
        (option, index) =>
          `<input type="radio" id="${id}-${index}" name="${name}" value="${escapeHtml(option.value)}"${option.value === current ? ' checked' : ''}> <label for="${id}-${index}">${escapeHtml(option.label)}</label>`,
      )
      .join(' ');
    const described = error ? ` aria-describedby="${id}-error"` : '';
    return `<fieldset class="field"${described}><legend>${label}</legend>${radios}${errorHtml}</fieldset>`;
  }
  if (spec.control === 'select') {
    control = `<select id="${id}" name="${name}"${invalid}>${options(choicesOf(spec), current)}</select>`;
  } else if (spec.control === 'textarea') {
    // No maxlength (here or below): it cuts a paste silently; the schema's message gives the limit.
    control = `<textarea id="${id}" name="${name}" rows="5"${invalid}>${escapeHtml(current)}</textarea>`;
  } else {
    const numeric = spec.inputMode === 'numeric' || spec.control === 'numberSelect';
    const inputMode = numeric ? ' inputmode="numeric"' : '';
    control = `<input type="${inputType(spec)}" id="${id}" name="${name}" value="${escapeHtml(current)}"${inputMode}${invalid}>`;
  }
  return `<div class="field"><label for="${id}">${label}</label>${control}${errorHtml}</div>`;
}

function filledForm(values: PostedValues, errors: Record<string, string>, action: string): string {
  const fields: string[] = [];
  for (const name of formPostNames()) {
    if (isFieldPath(name)) {
      fields.push(fieldHtml(name, values[name], errors[name]));
    } else if (name === honeypotField) {
      fields.push(
        `<div class="hp" aria-hidden="true"><label for="f-hp">ホームページ（入力しないでください）</label><input type="text" id="f-hp" name="${honeypotField}" value="${escapeHtml(values[name] ?? '')}" autocomplete="off" tabindex="-1"></div>`,
      );
    } else if (values[name] !== undefined) {
      fields.push(
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(values[name] ?? '')}">`,
      );
    }
  }
  return `<form method="post" action="${escapeHtml(action)}" accept-charset="utf-8">
${fields.join('\n')}
<button type="submit">この内容で送信する</button>
</form>`;
}

/** @internal Exported for tests. */
export const valuesKeptNote =
  '入力した内容は下のフォームに残っています。そのままもう一度送信できます。';

export function refusedPage(
  brand: BrandId,
  errors: Record<string, string>,
  values: PostedValues,
  action: string,
): string {
  const summary = summaryEntries(errors)
    .map(({ path, message }) => {
      const text = escapeHtml(message);
      return path ? `<li><a href="#${idOf(path)}">${text}</a></li>` : `<li>${text}</li>`;
    })
    .join('');
  // A simple form sent without JavaScript brings only the car: the rest is asked for, not blamed.
  const [title, lead] = isSimpleFormEntry(values.entryPoint)
    ? [
        'お見積もり依頼の続きをご入力ください',
        '残りの項目をご入力のうえ、送信してください。入力した内容はそのまま残っています。',
      ]
    : [
        errorSummaryTitle,
        '次の項目を確認して、もう一度送信してください。入力した内容はそのまま残っています。',
      ];
  return page(
    brand,
    title,
    `<h1>${title}</h1>
<div class="errors" role="alert"><p>${lead}</p><ul>${summary}</ul></div>
${filledForm(values, errors, action)}
${phoneLine(brand, 'お電話でも承ります。')}
${homeLink}`,
  );
}

/** 429 or 503: the form comes back filled in, so nothing typed depends on the browser's Back. */
export function retryPage(
  brand: BrandId,
  message: string,
  values: PostedValues,
  action: string,
): string {
  const title = 'お見積もり依頼を受け付けられませんでした';
  return page(
    brand,
    title,
    `<h1>${title}</h1>
<div class="errors" role="alert"><p>${escapeHtml(message)}</p><p>${valuesKeptNote}</p></div>
${filledForm(values, {}, action)}
${phoneLine(brand, 'お電話でも承ります。')}
${homeLink}`,
  );
}
