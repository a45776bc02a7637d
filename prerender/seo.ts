import { escapeHtml } from '../src/lib/escapeHtml';

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function sitemapXml(origin: string, hrefs: readonly string[], lastmod: string): string {
  const urls = hrefs
    .map(
      (href) => `  <url><loc>${escapeHtml(origin + href)}</loc><lastmod>${lastmod}</lastmod></url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
