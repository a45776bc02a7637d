import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { renderToString } from 'react-dom/server';
import { BrandProvider } from '../../src/brand/BrandProvider';
import { bookLaterLabel, formSlotDays, type Slot } from '../../src/estimate/contract/booking';
import { tokyoToday } from '../../src/lib/tokyoTime';
import { answer } from './estimateApi';
import {
  Dialog,
  field,
  fillRequired,
  formTestApi,
  renderDialog,
  submitButton,
} from './estimateFormHarness';

// The dialog's booking step: the shops of the postal code, their slots, the choice sent, a taken
// slot's alternatives. The API's own rules are the server's tests (tests/server/booking/).
const { requests, answers, reads, sentBody } = formTestApi();

const shops = [
  {
    id: 'shibuya',
    name: '渋谷店',
    address: '東京都渋谷区神宮前1丁目',
    postalCode: '1500001',
    phone: '03-1234-5678',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=shibuya',
    example: true,
  },
  {
    id: 'setagaya',
    name: '世田谷店',
    address: '東京都世田谷区池尻1丁目',
    postalCode: '1540001',
    phone: '03-2345-6789',
    mapUrl: 'https://www.google.com/maps/search/?api=1&query=setagaya',
    example: false,
  },
];

// Fixed days: the step lists what the API gives, whatever today is.
const slots: Slot[] = [
  { start: '2026-12-04T09:30:00+09:00', remaining: 0 },
  { start: '2026-12-05T10:30:00+09:00', remaining: 2 },
  { start: '2026-12-05T13:30:00+09:00', remaining: 0 },
];

function listShopsAndSlots() {
  reads.shops = answer(200, { shops });
  reads.slots = () => HttpResponse.json({ shop: 'shibuya', slots });
}

/** The lists' chunk loads on first use: slow to transform on a busy machine. */
const loaded = { timeout: 5_000 };

function bookLater() {
  return screen.getByRole('radio', { name: bookLaterLabel });
}

function step() {
  return screen.getByRole('group', { name: 'ご来店の店舗と日時' });
}

describe('the booking step', { timeout: 20_000 }, () => {
  it('is in the HTML before the code runs: 「日時はあとで相談する」 chosen and the button that asks the server for the slots', () => {
    const html = renderToString(
      <BrandProvider brand="carsupport">
        <Dialog />
      </BrandProvider>,
    );
    document.body.innerHTML = html;
    const later = screen.getByRole('radio', { name: bookLaterLabel, hidden: true });
    expect(later).toBeChecked();
    expect(later).toHaveAttribute('name', 'bookingStart');
    expect(later).toHaveAttribute('value', '');
    const button = screen.getByRole('button', { name: '空き枠を表示する', hidden: true });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button).toHaveAttribute('name', 'intent');
    expect(button).toHaveAttribute('value', 'slots');
    expect(button).toHaveAttribute('formnovalidate');
    document.body.innerHTML = '';
  });

  it('reads nothing before the postal code is complete, then lists the nearest shops and the first one’s slots by day', async () => {
    listShopsAndSlots();
    const { user } = renderDialog();
    expect(bookLater()).toBeChecked();
    // Once the code runs, the button lists the slots here, and asks for the postal code first.
    await user.click(within(step()).getByRole('button', { name: '空き枠を表示する' }));
    expect(field('郵便番号')).toHaveFocus();
    expect(within(step()).getByRole('status')).toHaveTextContent('郵便番号（7桁）を入力すると');
    await user.type(field('郵便番号'), '150-000');
    expect(reads.urls).toHaveLength(0);

    await user.type(field('郵便番号'), '1');

    const shop = await screen.findByRole('radio', { name: '【見本の店舗】渋谷店' }, loaded);
    expect(shop).toBeChecked();
    expect(shop).toHaveAccessibleDescription(
      expect.stringContaining('〒150-0001 東京都渋谷区神宮前1丁目'),
    );
    expect(screen.getByRole('radio', { name: '世田谷店' })).not.toBeChecked();
    const shopGroup = screen.getByRole('group', { name: '店舗（お近くの順）' });
    expect(within(shopGroup).getAllByRole('link', { name: '地図を開く' })[0]).toHaveAttribute(
      'href',
      shops[0]!.mapUrl,
    );
    expect(within(shopGroup).getByRole('link', { name: '03-1234-5678' })).toHaveAttribute(
      'href',
      'tel:0312345678',
    );

    const day = await screen.findByRole('group', { name: '12月5日（土）' }, loaded);
    expect(within(day).getByRole('radio', { name: '12月5日（土）10:30' })).toBeEnabled();
    expect(within(day).getByRole('radio', { name: '12月5日（土）13:30 空きなし' })).toBeDisabled();
    // A day with no free slot is one line, no choice.
    expect(screen.getByText('12月4日（金） 空きなし')).toBeInTheDocument();
    expect(bookLater()).toBeChecked();
    expect(within(step()).getByRole('status')).toHaveTextContent(
      '【見本の店舗】渋谷店の空き枠を表示しました（1枠）',
    );

    const [shopsUrl, slotsUrl] = reads.urls;
    expect(shopsUrl?.pathname).toBe('/api/shops');
    expect(shopsUrl?.searchParams.get('postalCode')).toBe('1500001');
    expect(slotsUrl?.pathname).toBe('/api/slots');
    expect(Object.fromEntries(slotsUrl!.searchParams)).toEqual({
      shop: 'shibuya',
      from: tokyoToday(),
      days: String(formSlotDays),
    });
  });

  it('follows the nearest shop as the postal code changes, until the visitor picks one', async () => {
    const [shibuya, setagaya] = shops;
    // Nearest first: the code's own shop leads the list.
    reads.shops = () => {
      const code = reads.urls.at(-1)?.searchParams.get('postalCode');
      return HttpResponse.json({ shops: code === '1540001' ? [setagaya, shibuya] : shops });
    };
    reads.slots = () =>
      HttpResponse.json({ shop: reads.urls.at(-1)?.searchParams.get('shop'), slots });
    const { user } = renderDialog();
    await user.type(field('郵便番号'), '1500001');
    expect(
      await screen.findByRole('radio', { name: '【見本の店舗】渋谷店' }, loaded),
    ).toBeChecked();

    await user.clear(field('郵便番号'));
    await user.type(field('郵便番号'), '1540001');
    await waitFor(() => expect(screen.getByRole('radio', { name: '世田谷店' })).toBeChecked());

    await user.click(screen.getByRole('radio', { name: '【見本の店舗】渋谷店' }));
    await user.clear(field('郵便番号'));
    await user.type(field('郵便番号'), '1540001');
    await waitFor(() =>
      expect(reads.urls.filter((url) => url.pathname === '/api/shops')).toHaveLength(3),
    );
    expect(await screen.findByRole('radio', { name: '【見本の店舗】渋谷店' })).toBeChecked();
  });

  it('sends the chosen slot as booking, and no booking with 「日時はあとで相談する」', async () => {
    listShopsAndSlots();
    const { user } = renderDialog();
    await fillRequired(user);
    await user.clear(field('郵便番号'));
    await user.type(field('郵便番号'), '1500001');
    await user.click(await screen.findByRole('radio', { name: '12月5日（土）10:30' }, loaded));
    answers.push(answer(422, { errors: { 'customer.phone': '電話番号を確認してください' } }));

    await user.click(submitButton());

    await waitFor(() => expect(requests).toHaveLength(1));
    expect(sentBody(0).booking).toEqual({ shop: 'shibuya', start: '2026-12-05T10:30:00+09:00' });
    await user.click(bookLater());
    answers.push(answer(422, { errors: { 'customer.phone': '電話番号を確認してください' } }));
    await user.click(submitButton());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(sentBody(1)).not.toHaveProperty('booking');
  });

  it('shows a taken slot’s message with the focus, the nearest free slots in place of the list, and keeps every entry', async () => {
    listShopsAndSlots();
    const { user } = renderDialog();
    await fillRequired(user);
    await user.clear(field('郵便番号'));
    await user.type(field('郵便番号'), '1500001');
    await user.click(await screen.findByRole('radio', { name: '12月5日（土）10:30' }, loaded));
    const message =
      '選んだ日時はたったいま満席になりました。入力内容はそのままです。近い空き枠から選び直してください';
    const alternative = { start: '2026-12-06T09:30:00+09:00', remaining: 1 };
    answers.push(answer(409, { error: 'slot_taken', message, alternatives: [alternative] }));

    await user.click(submitButton());

    const alert = await within(step()).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(
      screen.getByRole('group', { name: '【見本の店舗】渋谷店の近い空き枠' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '12月5日（土）10:30' })).not.toBeInTheDocument();
    expect(bookLater()).toBeChecked();
    expect(field('車種')).toHaveValue('プリウス');
    expect(field('メールアドレス')).toHaveValue('taro@example.com');

    await user.click(screen.getByRole('radio', { name: '12月6日（日）9:30' }));
    const manageUrl = 'http://localhost/booking/abc';
    const held = { state: 'held', shop: 'shibuya', start: alternative.start, manageUrl };
    answers.push(answer(201, { id: 'EST-1', booking: held }));
    await user.click(submitButton());
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(sentBody(1).booking).toEqual({ shop: 'shibuya', start: alternative.start });
    expect(await screen.findByRole('heading', { name: '仮予約を受け付けました' })).toHaveFocus();
    expect(screen.getByRole('dialog')).toHaveTextContent('仮予約12月6日（日）9:30');
    expect(screen.getByRole('dialog')).toHaveTextContent('【見本の店舗】渋谷店');
  });

  it('shows a refused slot’s message at the step and reads the shop’s slots again', async () => {
    listShopsAndSlots();
    const { user } = renderDialog();
    await fillRequired(user);
    await user.clear(field('郵便番号'));
    await user.type(field('郵便番号'), '1500001');
    await user.click(await screen.findByRole('radio', { name: '12月5日（土）10:30' }, loaded));
    const message = 'その日時はもう予約できません。空き枠から選び直してください';
    answers.push(answer(422, { errors: { booking: message } }));
    const readsBefore = reads.urls.length;

    await user.click(submitButton());

    const alert = await within(step()).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    await waitFor(() => expect(reads.urls.length).toBeGreaterThan(readsBefore));
    expect(reads.urls.at(-1)?.pathname).toBe('/api/slots');
    expect(bookLater()).toBeChecked();
  });

  it('announces a failed read in plain Japanese, offers to read again, and still sends', async () => {
    reads.shops = answer(503, { error: 'down' });
    const { user } = renderDialog();
    await fillRequired(user);

    await waitFor(
      () =>
        expect(within(step()).getByRole('status')).toHaveTextContent(
          '店舗を読み込めませんでした。「日時はあとで相談する」のまま送信できます。',
        ),
      loaded,
    );
    expect(within(step()).getByRole('button', { name: 'もう一度読み込む' })).toBeInTheDocument();
    expect(bookLater()).toBeChecked();
    answers.push(answer(201, { id: 'EST-2' }));
    await user.click(submitButton());
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(sentBody()).not.toHaveProperty('booking');
  });
});
