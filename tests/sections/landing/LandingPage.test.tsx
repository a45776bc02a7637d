import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brandIds, brands } from '../../../src/brand/brands';
import { landing as carsupportLanding } from '../../../src/content/carsupport/landing';
import { landing as yamadaLanding } from '../../../src/content/yamada/landing';
import { legalFeesAsOf } from '../../../src/content/legalFees';
import { totalPrice } from '../../../src/content/priceRows';
import { japaneseDay } from '../../../src/lib/plainFormats';
import { getPageData } from '../../../src/content/pageData.server';
import { LandingPage } from '../../../src/sections/landing/LandingPage';
import { renderWithBrand } from '../renderWithBrand';

function sectionOrder(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('[data-section]')).map(
    (element) => element.getAttribute('data-section') ?? '',
  );
}

describe('LandingPage', () => {
  it('renders carsupport sections in spec order, campaign first in the body', () => {
    const { container } = renderWithBrand(
      <LandingPage content={carsupportLanding} showCampaign outsideBusinessHours={false} />,
      'carsupport',
    );
    expect(sectionOrder(container)).toEqual([
      'main-visual',
      'campaign',
      'simple-form',
      'cta',
      'direction',
      'point',
      'simple-form',
      'example',
      'flow',
      'question',
      'policy',
      'footer',
      'tracking-footer',
      'estimate-modal',
    ]);
  });

  it('leaves the campaign out when it is off', () => {
    const { container } = renderWithBrand(
      <LandingPage content={carsupportLanding} showCampaign={false} outsideBusinessHours={false} />,
      'carsupport',
    );
    expect(container.querySelector('[data-section="campaign"]')).toBeNull();
    expect(sectionOrder(container).slice(0, 3)).toEqual(['main-visual', 'simple-form', 'cta']);
  });

  it('shows a price from the cost table in the main visual, linking to that table', () => {
    const { container } = renderWithBrand(
      <LandingPage content={carsupportLanding} showCampaign={false} outsideBusinessHours={false} />,
      'carsupport',
    );
    const kei = carsupportLanding.example.classes.find((cost) => cost.id === 'kei')!;
    const mainVisual = container.querySelector('[data-section="main-visual"]');
    expect(mainVisual).toHaveTextContent(`${totalPrice(kei).toLocaleString('ja-JP')}円〜`);
    expect(mainVisual).toHaveTextContent('法定費用込み');
    expect(mainVisual).toHaveTextContent(`${japaneseDay(legalFeesAsOf)}時点`);
    const link = within(mainVisual as HTMLElement).getByRole('link', {
      name: '車種別の料金を見る',
    });
    const target = container.querySelector(link.getAttribute('href')!);
    expect(target).toHaveAttribute('data-section', 'example');
  });

  it("renders the prerender's phrase breaks as <wbr>, the text unchanged", () => {
    const data = getPageData('yamada', 'index');
    if (data.route !== 'index') throw new Error('not the landing page');
    const { container } = renderWithBrand(
      <LandingPage content={data.landing} showCampaign={false} outsideBusinessHours={false} />,
      'yamada',
    );
    const headline = container.querySelector('h1')!;
    expect(headline.querySelectorAll('wbr').length).toBeGreaterThan(1);
    expect(headline.textContent).toBe(yamadaLanding.mainVisual.catchcopy);
    expect(headline.textContent).not.toContain('\u200b');
  });

  it('hides the cta outside business hours', () => {
    const { container } = renderWithBrand(
      <LandingPage content={carsupportLanding} showCampaign={false} outsideBusinessHours />,
      'carsupport',
    );
    expect(sectionOrder(container)).not.toContain('cta');
    // The sticky bar follows the same hours: it says when the phone rings instead of dialling.
    expect(container.querySelector('[data-phone-link="tracking-footer"]')).toBeNull();
    expect(container.querySelector('[data-section="tracking-footer"]')).toHaveTextContent(
      carsupportLanding.stickyCallBar.closedLabel,
    );
  });

  it('renders yamada with flow before example, a third form and never a campaign', () => {
    const { container } = renderWithBrand(
      <LandingPage content={yamadaLanding} showCampaign outsideBusinessHours={false} />,
      'yamada',
    );
    expect(sectionOrder(container)).toEqual([
      'main-visual',
      'simple-form',
      'cta',
      'direction',
      'point',
      'simple-form',
      'flow',
      'example',
      'question',
      'simple-form',
      'policy',
      'footer',
      'tracking-footer',
      'estimate-modal',
    ]);
    expect(
      screen.getAllByRole('button', { name: yamadaLanding.simpleForm.submitLabel }),
    ).toHaveLength(3);
  });

  it.each(brandIds)('has a section for every menu item of %s', (brand) => {
    const content = brand === 'yamada' ? yamadaLanding : carsupportLanding;
    const { container } = renderWithBrand(
      <LandingPage content={content} showCampaign={false} outsideBusinessHours={false} />,
      brand,
    );
    for (const { target } of brands[brand].menu) {
      expect(container.querySelectorAll(`#${target}`), target).toHaveLength(1);
      expect(container.querySelector(`#${target}`)?.hasAttribute('data-section'), target).toBe(
        true,
      );
    }
  });

  it("renders the body in the order of the brand's row, whatever it is", () => {
    const row = brands.yamada;
    const original = row.sections;
    row.sections = ['footer', 'question', 'simple-form-3', 'direction'];
    try {
      const { container } = renderWithBrand(
        <LandingPage content={yamadaLanding} showCampaign outsideBusinessHours={false} />,
        'yamada',
      );
      expect(sectionOrder(container)).toEqual([
        'main-visual',
        'footer',
        'question',
        'simple-form',
        'direction',
        'tracking-footer',
        'estimate-modal',
      ]);
    } finally {
      row.sections = original;
    }
  });

  it('starts the page at #top and gives the footer its landing-top variant', () => {
    const { container } = renderWithBrand(
      <LandingPage content={yamadaLanding} showCampaign={false} outsideBusinessHours={false} />,
      'yamada',
    );
    expect(container.querySelector('#top')).toHaveAttribute('data-section', 'main-visual');
    expect(container.querySelector('[data-section="footer"]')).toHaveAttribute(
      'data-variant',
      'landing-top',
    );
  });

  it('prints the brand phone as tel: links marked for analytics', () => {
    const { container } = renderWithBrand(
      <LandingPage content={yamadaLanding} showCampaign={false} outsideBusinessHours={false} />,
      'yamada',
    );
    const links = Array.from(container.querySelectorAll('a[href^="tel:"]'));
    expect(links.map((link) => link.getAttribute('data-phone-link'))).toEqual([
      'cta',
      'footer',
      'tracking-footer',
    ]);
    for (const link of links) expect(link).toHaveAttribute('href', 'tel:0120012402');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ヤマダ車検');
  });
});
