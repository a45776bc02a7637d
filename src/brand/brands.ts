// The brand table: everything that differs between brands (docs/architecture.md, "Brands").
import { logo as carsupportLogo } from '../content/carsupport/logo';
import { logo as yamadaLogo } from '../content/yamada/logo';
import type { LogoMark, MenuItem } from '../content/types';

export const brandIds = ['carsupport', 'yamada'] as const;
export type BrandId = (typeof brandIds)[number];

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

export const defaultBrandId: BrandId = 'carsupport';

export type Brand = {
  id: BrandId;
  /** A host containing it (case-insensitive) is this brand's; null only for the default brand. */
  hostMarker: string | null;
  name: string;
  phone: string;
  /** When the phone is answered, as people read it: every line giving the number says so. */
  receptionHours: string;
  holidays: string;
  /** The landing body, between the main visual and the sticky call bar. */
  sections: readonly SectionId[];
  menu: readonly MenuItem[];
  /** Google Ads enhanced conversions (docs/tracking.md). */
  enhancedConversions: boolean;
  logo: LogoMark;
};

export const brands: Record<BrandId, Brand> = {
  carsupport: {
    id: 'carsupport',
    hostMarker: null,
    name: 'カーサポート車検',
    phone: '0120-104-631',
    // The default business_time (9:00–19:00) of the local API and the Worker.
    receptionHours: '9:00〜19:00',
    holidays: '年末年始',
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
    receptionHours: '9:00〜19:00',
    holidays: '年末年始',
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

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && (brandIds as readonly string[]).includes(value);
}

export function brandIdForHost(host: string): BrandId {
  const name = host.toLowerCase();
  const marked = brandIds.find((id) => {
    const marker = brands[id].hostMarker;
    return marker !== null && name.includes(marker.toLowerCase());
  });
  return marked ?? defaultBrandId;
}

/** `<marker>.localhost` for the others: browsers resolve *.localhost to loopback. */
export function localOrigin(id: BrandId, port: number): string {
  const marker = brands[id].hostMarker;
  return `http://${marker === null ? 'localhost' : `${marker}.localhost`}:${port}`;
}

/** A deploy-time variable of one brand (SHOP_MAIL_TO_YAMADA): the name, then the id in capitals. */
export function brandEnvName<Name extends string>(name: Name, id: BrandId): `${Name}_${string}` {
  return `${name}_${id.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/** A function, not a field of the row, so the browser's bundle does not carry it. */
export function siteUrlVariable(id: BrandId): `SITE_URL_${string}` {
  return brandEnvName('SITE_URL', id);
}

export function hasCampaign(brand: Brand): boolean {
  return brand.sections.includes('campaign');
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function receptionText(brand: Brand): string {
  return `受付時間 ${brand.receptionHours}（${brand.holidays}を除く）`;
}
