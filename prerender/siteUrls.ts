import { localOrigin, type BrandId, siteUrlVariable } from '../src/brand/brands';

/** `npm start`'s default port (deploy/cloudflare/dev.ts), which local builds link to. */
const localPort = 4173;

/** Never a request's Host: the brand's site-URL variable, or locally the port served at build time. */
export function siteUrl(brand: BrandId, env: NodeJS.ProcessEnv = process.env): string {
  const port = Number(env.PORT) || localPort;
  return new URL(env[siteUrlVariable(brand)] || localOrigin(brand, port)).origin;
}
