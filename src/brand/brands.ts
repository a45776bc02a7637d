/** The two brands and their constants (spec section 9). */
export const brandIds = ['carsupport', 'yamada'] as const;
export type BrandId = (typeof brandIds)[number];

export type Brand = {
  id: BrandId;
  /** Display name, shown in the header, title and copy. */
  name: string;
  /** Phone number as printed. */
  phone: string;
  /** Tag-manager container id. */
  gtmId: string;
};

export const brands: Record<BrandId, Brand> = {
  carsupport: {
    id: 'carsupport',
    name: 'カーサポート車検',
    phone: '0120-104-631',
    gtmId: 'GTM-PF46FXZL',
  },
  yamada: {
    id: 'yamada',
    name: 'ヤマダ車検',
    phone: '0120-012-402',
    gtmId: 'GTM-KZQ4D3H8',
  },
};

/**
 * The marker in a host name that selects the yamada brand.
 * @internal Exported: the nginx config generator (deploy/) reads it.
 */
export const yamadaHostMarker = 'yamada-shaken';

/** True for a brand id: checks a value read from a request or a stored record. */
export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && (brandIds as readonly string[]).includes(value);
}

/** The brand for a host name: yamada when the host contains the marker, carsupport otherwise. */
export function brandIdForHost(host: string): BrandId {
  return host.toLowerCase().includes(yamadaHostMarker) ? 'yamada' : 'carsupport';
}

/** A tel: href for a printed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
