/**
 * Keeps scripts off the first paint (decision 003). The prerendered HTML is complete and usable on
 * its own, so:
 * - the one stylesheet is inlined (no render-blocking request before the first paint);
 * - the entry script and the module preloads become one inline script at the end of <body>, the
 *   first-paint script (src/firstPaint/, typed, built and minified here): it starts the tag
 *   manager and the app's modules once the page has painted its largest content, opens the
 *   estimate dialog for every opener and holds a submit of its form until the form's code runs
 *   (decision 007).
 * The script's code is the same on every page (its inputs are data attributes), so the CSP needs
 * one hash for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { isGtmContainerId } from '../src/lib/dataLayer';

/** The typed source of the script (it imports the framework-free modules it shares). */
const scriptEntry = join(import.meta.dirname, '../src/firstPaint/entry.ts');

/**
 * The first-paint script, bundled and minified by Vite (one IIFE, no imports), as inlined at the
 * end of every page. Built once per prerender.
 */
export async function buildFirstPaintScript(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      write: false,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      lib: { entry: scriptEntry, formats: ['iife'], name: 'firstPaint' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`first-paint script: ${chunks.length} chunks, not 1`);
  const code = chunks[0]!.code.trim();
  // Inlined in a <script> element: its text must not end it.
  if (/<\/script|<!--/i.test(code)) throw new Error('first-paint script: cannot be inlined');
  return code;
}

const stylesheetTag = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const entryTag = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;
const preloadTag = /<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"[^>]*>/g;

/**
 * Rewrites a filled page: stylesheet links become <style>, the entry script and every module
 * preload become one loader script at the end of <body>, which also loads the tag manager.
 */
export function deferScripts(
  html: string,
  opts: { clientDir: string; gtmId: string; pagePreloads: readonly string[]; loader: string },
): string {
  const { clientDir, gtmId } = opts;
  const entry = entryTag.exec(html)?.[1];
  if (!entry) throw new Error('the page has no module entry script');
  if (!isGtmContainerId(gtmId)) throw new Error(`Invalid GTM container id: ${gtmId}`);
  const preloads = [...opts.pagePreloads, ...[...html.matchAll(preloadTag)].map((m) => m[1]!)];
  const loader = `<script data-gtm="${gtmId}" data-entry="${entry}" data-preload="${preloads.join(' ')}">${opts.loader}</script>`;
  return html
    .replace(stylesheetTag, (_tag, href: string) => {
      const css = readFileSync(join(clientDir, href), 'utf8');
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    })
    .replace(entryTag, '')
    .replace(preloadTag, '')
    .replace(/\n\s*\n/g, '\n')
    .replace('</body>', () => `${loader}\n  </body>`);
}
