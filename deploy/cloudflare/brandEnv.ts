/** deploy/cloudflare/config.ts and the local origin read the same names: SHOP_MAIL_TO_YAMADA. */
import type { BrandId } from '../../src/brand/brands';

export function brandEnvName(name: string, brand: BrandId): string {
  return `${name}_${brand.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}
