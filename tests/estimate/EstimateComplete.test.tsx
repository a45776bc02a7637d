import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brands } from '../../src/brand/brands';
import { mailDomains } from '../../src/brand/mail';
import { completeTitle, EstimateComplete, type Booked } from '../../src/estimate/EstimateComplete';

const receiptId = '261126-7K3QF9ZD';

function complete(brand = brands.yamada) {
  return render(<EstimateComplete receiptId={receiptId} brand={brand} onClose={() => {}} />);
}

describe('the completion screen', () => {
  it('shows the 受付番号 as one word and copies it in one tap', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    complete();
    expect(screen.getByText(receiptId).tagName).toBe('STRONG');
    await userEvent.click(screen.getByRole('button', { name: '番号をコピー' }));
    expect(writeText).toHaveBeenCalledWith(receiptId);
    expect(await screen.findByRole('status')).toHaveTextContent('コピーしました');
  });

  it('says when the shop calls, within the hours and after them, and gives the phone with its hours', () => {
    const { container } = complete();
    expect(container).toHaveTextContent(
      '受付時間（9:00〜19:00）内のご依頼には、このあと担当者より',
    );
    expect(container).toHaveTextContent(
      '受付時間外や年末年始のご依頼には、次の受付日にご連絡します',
    );
    const tel = screen.getByRole('link', { name: brands.yamada.phone });
    expect(tel.parentElement).toHaveTextContent('受付時間 9:00〜19:00（年末年始を除く）');
  });

  it('out of hours, gives the hours instead of inviting a call now', () => {
    document.documentElement.setAttribute('data-outside-hours', '');
    try {
      const tel = (complete(), screen.getByRole('link', { name: brands.yamada.phone }));
      expect(tel.parentElement).toHaveTextContent(
        'お電話の受付は9:00〜19:00です。ただいま受付時間外のため、受付時間内におかけください。',
      );
      expect(tel.parentElement).not.toHaveTextContent('お急ぎの方は');
    } finally {
      document.documentElement.removeAttribute('data-outside-hours');
    }
  });

  it('breaks the sending address only at its @', () => {
    const { container } = complete();
    const wbr = container.querySelector('wbr');
    expect(wbr?.previousElementSibling).toHaveTextContent(/^no-reply@$/u);
    expect(wbr?.nextElementSibling).toHaveTextContent(/^yamada-shaken\.com$/u);
  });

  const booked: Booked = {
    state: 'held',
    shop: 'takasaki',
    start: '2026-12-05T10:30:00+09:00',
    manageUrl: 'https://yamada.example/booking/abc',
    place: {
      id: 'takasaki',
      name: '高崎店',
      address: '群馬県高崎市岩押町',
      postalCode: '3700001',
      phone: '027-123-4567',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=x',
      example: true,
    },
  };

  it('says 仮予約 with the slot and the shop, to wait for the shop, and that its mail brings the link to change or cancel', () => {
    const { container } = render(
      <EstimateComplete
        receiptId={receiptId}
        brand={brands.yamada}
        booked={booked}
        onClose={() => {}}
      />,
    );
    expect(completeTitle(booked)).toBe('仮予約を受け付けました');
    expect(container).toHaveTextContent('仮予約12月5日（土）10:30');
    expect(container).toHaveTextContent('【見本の店舗】高崎店');
    expect(container).toHaveTextContent('店舗からの確定のご連絡をお待ちください');
    expect(screen.getByText('仮予約のメールを自動でお送りします（数分以内）')).toBeInTheDocument();
    expect(container).toHaveTextContent('ご予約の内容と変更・キャンセル用のリンクを');
    expect(screen.getByRole('link', { name: 'ご予約の確認・変更・キャンセル' })).toHaveAttribute(
      'href',
      booked.manageUrl,
    );
  });

  it('says 予約確定 for a shop that confirms at once, and promises no mail where the brand sends none', () => {
    const confirmed: Booked = { ...booked, state: 'confirmed' };
    const domain = mailDomains.yamada;
    mailDomains.yamada = null;
    try {
      const { container } = render(
        <EstimateComplete
          receiptId={receiptId}
          brand={brands.yamada}
          booked={confirmed}
          onClose={() => {}}
        />,
      );
      expect(completeTitle(confirmed)).toBe('ご予約が確定しました');
      expect(container).toHaveTextContent('予約確定12月5日（土）10:30');
      expect(container).not.toHaveTextContent('お待ちください');
      expect(container).not.toHaveTextContent('メール');
    } finally {
      mailDomains.yamada = domain;
    }
  });

  it('opens at its top and unmounts cleanly where scrollIntoView returns a promise, as in Chromium', () => {
    const scrolled = vi.fn(() => Promise.resolve());
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      value: scrolled,
      configurable: true,
    });
    try {
      const { unmount } = complete();
      expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
      expect(() => unmount()).not.toThrow();
    } finally {
      delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    }
  });
});
