import { brands, localOrigin, type BrandId } from '../src/brand/brands';

/** The local origin's default port (server/node/main.ts), which local builds link to. */
const localPort = 4173;

/** Never a request's Host: the brand's site-URL variable, or locally the port served at build time. */
export function siteUrl(brand: BrandId, env: NodeJS.ProcessEnv = process.env): string {
  const port = Number(env.PORT) || localPort;
  return new URL(env[brands[brand].siteUrlVariable] || localOrigin(brand, port)).origin;
}
