/**
 * The brand table: one row per brand holds everything that differs between brands (spec
 * section 9; docs/architecture.md, "Brands"). Everything else reads this table or is generated from it;
 * no code asks "is this brand X?". The brand's copy, logo drawing and theme colours live in its
 * folder, src/content/<id>/ (see `contentFolder`). Adding a brand is a row here plus that folder
 * (README, Contributing).
 */
import { logo as carsupportLogo } from '../content/carsupport/logo';
import { logo as yamadaLogo } from '../content/yamada/logo';
import type { LogoMark, MenuItem } from '../content/types';

export const brandIds = ['carsupport', 'yamada'] as const;
export type BrandId = (typeof brandIds)[number];

/**
 * The landing page's body sections a brand can list, each rendered by its entry in
 * src/sections/landing/sectionRegistry.tsx. The simple form has three places on the page.
 */
export type SectionId =
  | 'campaign'
  | 'simple-form-1'
  | 'simple-form-2'
  | 'simple-form-3'
  | 'cta'
  | 'direction'
  | 'point'
  | 'example'
  | 'flow'
  | 'question'
  | 'policy'
  | 'footer';

/**
 * The brand of any host that carries no brand's `hostMarker`.
 */
export const defaultBrandId: BrandId = 'carsupport';

export type Brand = {
  id: BrandId;
  /**
   * The host rule: a host name containing this marker (case-insensitive) is this brand's. Null
   * only for the default brand (`defaultBrandId`), which takes every other host.
   */
  hostMarker: string | null;
  /** Display name, shown in the header, title and copy. */
  name: string;
  /** Phone number as printed. */
  phone: string;
  /** Tag-manager container id. */
  gtmId: string;
  /** Build env variable with the site's origin, for canonical links and the sitemap. */
  siteUrlVariable: `SITE_URL_${string}`;
  /**
   * The landing page's body, in order (spec 2).
   * The main visual comes before it and the sticky call bar after it on every brand; a brand
   * has a campaign when its order lists 'campaign'.
   */
  sections: readonly SectionId[];
  /** The header menu: label → id of the element it jumps to. */
  menu: readonly MenuItem[];
  /** Google Ads enhanced conversions (docs/tracking.md); see src/content/trackingConfig.ts. */
  enhancedConversions: boolean;
  /** The mark drawn by the header logo, from the brand's folder. */
  logo: LogoMark;
};

export const brands: Record<BrandId, Brand> = {
  carsupport: {
    id: 'carsupport',
    hostMarker: null,
    name: 'カーサポート車検',
    phone: '0120-104-631',
    gtmId: 'GTM-PF46FXZL',
    siteUrlVariable: 'SITE_URL_CARSUPPORT',
    sections: [
      'campaign',
      'simple-form-1',
      'cta',
      'direction',
      'point',
      'simple-form-2',
      'example',
      'flow',
      'question',
      'policy',
      'footer',
    ],
    menu: [
      { label: '特長', target: 'point' },
      { label: 'ご利用の流れ', target: 'flow' },
      { label: 'よくある質問', target: 'question' },
    ],
    enhancedConversions: false,
    logo: carsupportLogo,
  },
  yamada: {
    id: 'yamada',
    hostMarker: 'yamada-shaken',
    name: 'ヤマダ車検',
    phone: '0120-012-402',
    gtmId: 'GTM-KZQ4D3H8',
    siteUrlVariable: 'SITE_URL_YAMADA',
    sections: [
      'simple-form-1',
      'cta',
      'direction',
      'point',
      'simple-form-2',
      'flow',
      'example',
      'question',
      'simple-form-3',
      'policy',
      'footer',
    ],
    menu: [
      { label: 'TOP', target: 'top' },
      { label: 'ヤマダ車検とは', target: 'direction' },
      { label: 'ポイント', target: 'point' },
      { label: 'ご利用の流れ', target: 'flow' },
      { label: 'よくある質問', target: 'question' },
    ],
    enhancedConversions: false,
    logo: yamadaLogo,
  },
};

/** True for a brand id: checks a value read from a request or a stored record. */
export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && (brandIds as readonly string[]).includes(value);
}

/** The brand for a host name: the first whose marker the host contains, else the default. */
export function brandIdForHost(host: string): BrandId {
  const name = host.toLowerCase();
  const marked = brandIds.find((id) => {
    const marker = brands[id].hostMarker;
    return marker !== null && name.includes(marker.toLowerCase());
  });
  return marked ?? defaultBrandId;
}

/**
 * The origin a brand answers at on this machine: `localhost` for the default brand,
 * `<marker>.localhost` for the others (browsers resolve *.localhost to loopback).
 */
export function localOrigin(id: BrandId, port: number): string {
  const marker = brands[id].hostMarker;
  return `http://${marker === null ? 'localhost' : `${marker}.localhost`}:${port}`;
}

/** Whether the brand's landing page has a campaign block. */
export function hasCampaign(brand: Brand): boolean {
  return brand.sections.includes('campaign');
}

/** A tel: href for a printed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
