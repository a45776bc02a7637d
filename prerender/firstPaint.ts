// Keeps scripts off the first paint (decisions 003, 007): the stylesheet inlined, the entry and
// preloads one inline script whose code is the same on every page, so one CSP hash.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { isGtmContainerId } from '../src/lib/dataLayer';

const scriptEntry = join(import.meta.dirname, '../src/firstPaint/entry.ts');

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
