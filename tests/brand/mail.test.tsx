// "Mail configured" is one fact, the brand's mail domain (src/brand/mail.ts): the copy names the
// sending domain where mail is sent and promises no mail where none is.
import { render, screen } from '@testing-library/react';
import { brandIds, brands } from '../../src/brand/brands';
import {
  emailHint,
  mailDomains,
  mailSender,
  receiptFaq,
  receiptNotice,
} from '../../src/brand/mail';
import { EstimateComplete } from '../../src/estimate/EstimateComplete';
import { pageAnswer } from '../../server/estimate/answers';

/** The no-JS post's accepted page, as the Worker answers it. */
const acceptedPage = (id: (typeof brandIds)[number], receipt: string) =>
  pageAnswer({ kind: 'accepted', id: receipt }, id, {}, '/api/estimates').then((page) =>
    page.text(),
  );

describe.each(brandIds)('the mail copy of %s', (id) => {
  const brand = brands[id];

  it('names the sending domain in the hint, the completion screen, the answer page and the FAQ', async () => {
    const domain = mailDomains[id]!;
    expect(mailSender(brand)).toEqual({ name: brand.name, email: `no-reply@${domain}`, domain });
    expect(emailHint(brand)).toContain(domain);
    render(<EstimateComplete receiptId="R-1" brand={brand} onClose={() => {}} />);
    expect(screen.getByText('確認メールを自動でお送りします（数分以内）')).toBeInTheDocument();
    expect(
      screen.getByText(new RegExp(`「${domain.replace('.', '\\.')}」からのメール`)),
    ).toBeInTheDocument();
    expect(await acceptedPage(id, 'R-1')).toContain(`「${domain}」からのメールを受信できるよう`);
    expect(receiptFaq(brand, 'Q')[0]?.answer.join('')).toContain(`no-reply@${domain}`);
  });

  it('promises no mail when the brand sends none', async () => {
    const domain = mailDomains[id];
    mailDomains[id] = null;
    try {
      expect(mailSender(brand)).toBeNull();
      expect(emailHint(brand)).not.toContain('メール');
      expect(receiptNotice(brand)).toBeNull();
      expect(receiptFaq(brand, 'Q')).toEqual([]);
      expect(await acceptedPage(id, 'R-1')).not.toContain('確認メール');
      const { container } = render(
        <EstimateComplete receiptId="R-1" brand={brand} onClose={() => {}} />,
      );
      expect(container.textContent).not.toContain('確認メール');
    } finally {
      mailDomains[id] = domain;
    }
  });
});
