import type { Brand } from '../src/brand/brands';
import { serializeForScript } from '../src/lib/scriptData';
import type { PageData } from '../src/content/types';
import { escapeHtml } from '../src/lib/escapeHtml';

export type HeadInput = {
  brand: Brand;
  origin: string;
  href: string | null;
  pageData: PageData | null;
};

const notFoundMeta = {
  title: 'ページが見つかりませんでした',
  description: 'お探しのページは見つかりませんでした。',
};

function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${serializeForScript(value)}</script>`;
}

function structuredData({ brand, origin }: HeadInput): unknown[] {
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: brand.name,
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
      telephone: brand.phone,
    },
  ];
}

export function renderHead(input: HeadInput): string {
  const { brand, origin, href, pageData } = input;
  const meta = pageData?.meta ?? {
    ...notFoundMeta,
    title: `${notFoundMeta.title}｜${brand.name}`,
  };
  const url = href === null ? null : origin + href;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    url
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="ja_JP" />`,
    `<meta property="og:site_name" content="${escapeHtml(brand.name)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    ...(url ? [`<meta property="og:url" content="${escapeHtml(url)}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
    ...structuredData(input).map(jsonLd),
  ];
  return tags.join('\n    ');
}
