// One static tree per brand from the client build and the SSR bundle (decision 001).
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildMetaPath, latestPath, payloadPath } from '../src/lib/buildPaths';
import { hydrationDataElementId, serializeForScript } from '../src/lib/scriptData';
import { pageTable } from '../src/content/pageTable';
import { brandIds, brands, type BrandId } from '../src/brand/brands';
import { gtmIds } from '../src/brand/tagManager';
import type { BuildMeta } from '../src/build-version/buildInfo';
import type { RenderResult } from '../src/entry-server';
import { themeInitScript } from '../src/lib/theme';
import { captureEntryScript } from '../src/tracking/captureEntry';
import { apiOrigins, contentSecurityPolicy, inlineStyles } from './csp';
import { headerRules, renderHeadersFile } from '../server/site/headers';
import { pageChunkFiles, readManifest } from './preload';
import { buildFirstPaintScript, deferScripts } from './firstPaint';
import { escapeHtml } from '../src/lib/escapeHtml';
import { renderHead } from './head';
import { robotsTxt, sitemapXml } from './seo';
import { siteUrl } from './siteUrls';
import { postalFiles } from './postal';

type Render = (url: string, brand: BrandId) => Promise<RenderResult>;

export type PrerenderOptions = {
  buildId: string;
  clientDir: string;
  serverEntry: string;
  outDir: string;
  timestamp?: number;
};

/** The not-found page is rendered at a path no page has. */
const notFoundProbePath = '/404';

async function writeOut(file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

/** The theme before first paint; the entry URL, for a page left before the app loads. */
const headScripts = [themeInitScript, captureEntryScript];

function fillTemplate(
  template: string,
  parts: { brand: BrandId; head: string; html: string; data: string },
): string {
  const scripts = headScripts.map((source) => `<script>${source}</script>`).join('\n    ');
  const gtmNoscript = `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${escapeHtml(gtmIds[parts.brand])}" height="0" width="0" hidden title="Google Tag Manager"></iframe></noscript>`;
  return template
    .replace('<!--app-brand-->', parts.brand)
    .replace('<!--app-head-->', () => `${scripts}\n    ${parts.head}`)
    .replace('<!--app-body-start-->', () => gtmNoscript)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--app-data-->', () => parts.data);
}

async function prerenderBrand(
  brand: BrandId,
  render: Render,
  template: string,
  opts: Required<PrerenderOptions> & { loader: string; postal: Map<string, string> },
): Promise<void> {
  const out = join(opts.outDir, brand);
  const origin = siteUrl(brand);
  await rm(out, { recursive: true, force: true });
  await cp(opts.clientDir, out, {
    recursive: true,
    filter: (source) => !/[\\/](index\.html|\.vite)$/.test(source),
  });

  const targets = [
    ...pageTable.map((page) => ({ url: page.path, href: page.path as string | null, page })),
    { url: notFoundProbePath, href: null, page: null },
  ];
  const manifest = readManifest(opts.clientDir);
  // The inlined stylesheet of every page, for the CSP's style-src hashes.
  const styles = new Set<string>();
  for (const target of targets) {
    const result = await render(target.url, brand);
    const expected = target.page ? 200 : 404;
    if (result.status !== expected) {
      throw new Error(`${brand} ${target.url}: status ${result.status}, expected ${expected}`);
    }
    const head = renderHead({
      brand: brands[brand],
      origin,
      href: target.href,
      pageData: result.pageData,
    });
    const data = `<script type="application/json" id="${hydrationDataElementId}">${serializeForScript(result.hydrationData)}</script>`;
    const html = deferScripts(fillTemplate(template, { brand, head, html: result.html, data }), {
      clientDir: opts.clientDir,
      gtmId: gtmIds[brand],
      pagePreloads: target.page ? pageChunkFiles(manifest, target.page.route) : [],
      loader: opts.loader,
    });
    for (const style of inlineStyles(html)) styles.add(style);
    await writeOut(join(out, `${target.page?.route ?? '404'}.html`), html);
    if (target.page && result.pageData) {
      await writeOut(
        join(out, payloadPath(opts.buildId, target.page.route)),
        JSON.stringify(result.pageData),
      );
    }
  }

  const hrefs = pageTable.map((page) => page.path);
  const build = { id: opts.buildId, timestamp: opts.timestamp };
  await writeOut(join(out, latestPath), JSON.stringify(build));
  await writeOut(
    join(out, buildMetaPath(opts.buildId)),
    JSON.stringify({ ...build, brand, prerendered: hrefs } satisfies BuildMeta),
  );
  for (const [path, json] of opts.postal) await writeOut(join(out, path), json);
  await writeOut(join(out, 'robots.txt'), robotsTxt(origin));
  await writeOut(
    join(out, 'sitemap.xml'),
    sitemapXml(origin, hrefs, new Date(opts.timestamp).toISOString().slice(0, 10)),
  );
  await writeOut(
    join(out, '_headers'),
    renderHeadersFile(
      headerRules({
        pageHrefs: hrefs,
        contentSecurityPolicy: contentSecurityPolicy(
          { scripts: [...headScripts, opts.loader], styles: [...styles] },
          apiOrigins(),
        ),
      }),
    ),
  );
}

export async function prerender(options: PrerenderOptions): Promise<void> {
  const opts = {
    timestamp: Date.now(),
    ...options,
    loader: await buildFirstPaintScript(),
    postal: await postalFiles(),
  };
  const template = await readFile(join(opts.clientDir, 'index.html'), 'utf8');
  const { render } = (await import(pathToFileURL(opts.serverEntry).href)) as { render: Render };
  for (const brand of brandIds) await prerenderBrand(brand, render, template, opts);
}
