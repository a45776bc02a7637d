import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { brands } from '../../src/brand/brands';
import { EstimateComplete } from '../../src/estimate/EstimateComplete';

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
});
