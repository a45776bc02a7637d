import type { BrandId } from '../src/brand/brands';

/** Site origins for canonical links and the sitemap, from build env, with local defaults. */
export function siteUrl(brand: BrandId, env: NodeJS.ProcessEnv = process.env): string {
  const configured = brand === 'yamada' ? env.SITE_URL_YAMADA : env.SITE_URL_CARSUPPORT;
  const fallback =
    brand === 'yamada' ? 'http://yamada-shaken.localhost:4173' : 'http://localhost:4173';
  return new URL(configured || fallback).origin;
}
