import { brands, localOrigin, type BrandId } from '../src/brand/brands';

/** The local origin's default port (server/node/main.ts), which local builds link to. */
const localPort = 4173;

export function siteUrl(brand: BrandId, env: NodeJS.ProcessEnv = process.env): string {
  return new URL(env[brands[brand].siteUrlVariable] || localOrigin(brand, localPort)).origin;
}
