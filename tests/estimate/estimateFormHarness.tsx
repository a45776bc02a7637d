/**
 * The estimate form's component tests' shared harness: the dialog as the page has it, opened as an
 * opener opens it, a visitor's way of filling it, and the API it sends to (formTestApi).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useRef } from 'react';
import { BrandProvider } from '../../src/brand/BrandProvider';
import type { BrandId } from '../../src/brand/brands';
import EstimateForm from '../../src/estimate/EstimateForm';
import type { EntryPoint } from '../../src/estimate/contract/types';
import { openEstimate } from '../../src/firstPaint/estimateDialog';
import { nextExpiryYear } from '../factories/estimate';
import { clearDataLayerAfterEach, dataLayerEntries } from '../dataLayer';
import { estimateApi } from './estimateApi';

export type { TestWindow } from '../dataLayer';

/**
 * The estimate API at the network boundary for one test file (call it at the file's top level),
 * with the dataLayer cleared after each test and the JSON body of the n-th request sent.
 */
export function formTestApi() {
  const { requests, answers, reads } = estimateApi();
  clearDataLayerAfterEach();
  const sentBody = (index = 0) => requests[index]?.body as Record<string, unknown>;
  return { requests, answers, reads, sentBody };
}

/** The dialog as the page has it, with the form's code in it (EstimateDialog.tsx). */
export function Dialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  return (
    <dialog ref={dialogRef} id="estimate" aria-labelledby="estimate-title">
      <EstimateForm dialogRef={dialogRef} titleId="estimate-title" />
    </dialog>
  );
}

type OpenOptions = { entryPoint?: EntryPoint; values?: Record<string, string> };

/** Opens the dialog as an opener does: the first-paint script's own open (src/firstPaint/). */
export function openDialog({ entryPoint = 'header', values = {} }: OpenOptions = {}) {
  act(() => openEstimate(entryPoint, values));
}

export function renderDialog(options: OpenOptions = {}, brand: BrandId = 'carsupport') {
  const result = render(
    <BrandProvider brand={brand}>
      <Dialog />
    </BrandProvider>,
  );
  openDialog(options);
  return { ...result, user: userEvent.setup() };
}

/** The year the form's 車検満了日 offers next, by Tokyo's calendar. */
export const nextYear = nextExpiryYear();

export function field(name: string) {
  return screen.getByRole('textbox', { name });
}

export function select(name: string) {
  return screen.getByRole('combobox', { name });
}

/** Fills every required field the way a visitor on a phone might: full-width, with hyphens. */
export async function fillRequired(user: UserEvent) {
  await user.selectOptions(select('車検満了日の年'), nextYear);
  await user.selectOptions(select('車検満了日の月'), '8');
  await user.selectOptions(select('メーカー'), 'トヨタ');
  await user.type(field('車種'), 'プリウス');
  await user.type(field('郵便番号'), '１２３－４５６７');
  await user.type(field('姓'), '山田');
  await user.type(field('名'), '太郎');
  await user.type(field('セイ'), 'やまだ');
  await user.type(field('メイ'), 'たろう');
  await user.type(field('電話番号'), '０９０－１２３４－５６７８');
  await user.type(field('メールアドレス'), 'taro@example.com');
  await user.click(screen.getByRole('checkbox', { name: '個人情報の取扱いに同意する' }));
}

export function submitButton() {
  // Its held label (送信準備中…) is hidden by CSS, which jsdom does not apply.
  return screen.getByRole('button', { name: /^この内容で見積もりを依頼する/ });
}

/** The funnel's events (funnelEvents.ts), tested on their own and in e2e/form-aids.spec.ts. */
const funnelEvents = new Set(['estimate_progress', 'estimate_field_error', 'estimate_abandon']);

/** The events pushed to the tag manager's dataLayer but the funnel's. */
export function sendEvents(): Record<string, unknown>[] {
  return dataLayerEntries().filter((entry) => !funnelEvents.has(String(entry.event)));
}

/** The events pushed to the tag manager's dataLayer but the funnel's, by name. */
export function events() {
  return sendEvents().map((entry) => entry.event);
}
