/**
 * Keeps scripts off the first paint. The prerendered HTML is complete and usable on its own, so:
 * - the one stylesheet is inlined (no render-blocking request before the first paint);
 * - a tiny inline loader starts the tag manager (GTM's standard snippet, same dataLayer events)
 *   and then the app's modules once the page has painted its largest content (the browser's
 *   largest-contentful-paint report; where there is none, two frames after `load`), instead of
 *   competing with the HTML for the network. A background tab, which paints nothing, starts
 *   them after at most 3 s.
 * - until the app has hydrated, a tap on an estimate opener or a simple-form submit is kept in
 *   `window.__estimateTap` (the submit's values, instead of its native GET) and the tapped
 *   control marked aria-busy; the app opens the modal with it once it runs
 *   (src/estimate/earlyOpen.ts). If the app cannot load at all, a held submit goes ahead as
 *   the native GET.
 * The loader's code is the same on every page (its inputs are data attributes), so the CSP
 * needs one hash for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formAttribute, openerAttribute } from '../src/estimate/openers';
import { isGtmContainerId } from '../src/lib/dataLayer';

export const appLoaderScript = [
  '(function(){var D=document,d=D.currentScript.dataset,w=window,done=0,held;',
  // Estimate taps before the app runs.
  'function tap(e){if(D.documentElement.dataset.hydrated)return;',
  `var s=e.type==='submit',a=s?'${formAttribute}':'${openerAttribute}',t=e.target,`,
  "o=t&&t.closest&&t.closest('['+a+']');if(!o)return;var p={entryPoint:o.getAttribute(a)},b=o;",
  'if(s){e.preventDefault();held=o;p.prefill={};',
  'for(var i=0;i<o.elements.length;i++){var f=o.elements[i];if(f.name)p.prefill[f.name]=f.value}',
  "b=e.submitter||o.querySelector('[type=submit]')}",
  "w.__estimateTap=p;if(b)b.setAttribute('aria-busy','true')}",
  "D.addEventListener('click',tap,true);D.addEventListener('submit',tap,true);",
  'function go(){if(done)return;done=1;',
  "if(d.gtm){w.dataLayer=w.dataLayer||[];w.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});",
  "var j=document.createElement('script');j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(d.gtm);document.head.appendChild(j)}",
  "d.preload.split(' ').forEach(function(h){if(!h)return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});",
  'import(d.entry).catch(function(e){console.warn("[app] not started",e);',
  "D.removeEventListener('click',tap,true);D.removeEventListener('submit',tap,true);if(held)held.submit()})}",
  'function soon(){setTimeout(go,0)}',
  "var P=w.PerformanceObserver,lcp=P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('largest-contentful-paint')>=0;",
  "if(lcp)new P(soon).observe({type:'largest-contentful-paint',buffered:true});",
  'else{var later=function(){requestAnimationFrame(function(){requestAnimationFrame(soon)})};',
  "if(document.readyState==='complete')later();else w.addEventListener('load',later)}",
  'setTimeout(go,3000)})();',
].join('');

const stylesheetTag = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;
const entryTag = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"[^>]*><\/script>/;
const preloadTag = /<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"[^>]*>/g;

/**
 * Rewrites a filled page: stylesheet links become <style>, the entry script and every module
 * preload become one loader script at the end of <body>, which also loads the tag manager.
 */
export function deferScripts(
  html: string,
  opts: { clientDir: string; gtmId: string; pagePreloads: readonly string[] },
): string {
  const { clientDir, gtmId } = opts;
  const entry = entryTag.exec(html)?.[1];
  if (!entry) throw new Error('the page has no module entry script');
  if (!isGtmContainerId(gtmId)) throw new Error(`Invalid GTM container id: ${gtmId}`);
  const preloads = [...opts.pagePreloads, ...[...html.matchAll(preloadTag)].map((m) => m[1]!)];
  const loader = `<script data-gtm="${gtmId}" data-entry="${entry}" data-preload="${preloads.join(' ')}">${appLoaderScript}</script>`;
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
