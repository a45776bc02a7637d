/**
 * Keeps scripts off the first paint. The prerendered HTML is complete and usable on its own, so:
 * - the one stylesheet is inlined (no render-blocking request before the first paint);
 * - the app's modules start loading right after the first paint, from a tiny inline loader,
 *   instead of competing with the HTML for the network (a background tab, which paints
 *   nothing, starts them after at most 3 s).
 * The loader's code is the same on every page (its inputs are data attributes), so the CSP
 * needs one hash for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const appLoaderScript =
  "(function(){var d=document.currentScript.dataset,done=0;function go(){if(done)return;done=1;d.preload.split(' ').forEach(function(h){if(!h)return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});import(d.entry)}requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})();";

const stylesheetTag = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const entryTag = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;
const preloadTag = /<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"[^>]*>/g;

/**
 * Rewrites a filled page: stylesheet links become <style>, the entry script and every module
 * preload become one loader script at the end of <body>.
 */
export function deferScripts(html: string, clientDir: string): string {
  const entry = entryTag.exec(html)?.[1];
  if (!entry) throw new Error('the page has no module entry script');
  const preloads = [...html.matchAll(preloadTag)].map((match) => match[1]!);
  const loader = `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${appLoaderScript}</script>`;
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
