/**
 * Keeps scripts off the first paint. The prerendered HTML is complete and usable on its own, so:
 * - the one stylesheet is inlined (no render-blocking request before the first paint);
 * - a tiny inline loader starts the tag manager (GTM's standard snippet, same dataLayer events)
 *   and then the app's modules once the page has painted its largest content (the browser's
 *   largest-contentful-paint report; where there is none, two frames after `load`), instead of
 *   competing with the HTML for the network. A background tab, which paints nothing, starts
 *   them after at most 3 s.
 * - it opens the estimate dialog, which is in the page (src/estimate/EstimateDialog.tsx), for
 *   every opener, before and after the app alike: it writes the opener's entry point (and a
 *   simple form's values, or the price check's) into the dialog's form, shows it and focuses the
 *   first empty required field. Without this script the openers' `commandfor` opens it all the
 *   same (Invoker Commands); the script cancels that to do the rest. Values are written into the
 *   controls without events (each would re-render the form): the form's code reads the controls
 *   when it takes over and when the dialog opens. A link to `/#estimate` (on pages without the
 *   dialog) opens it on arrival. Once the page has painted, and again when the form's code has
 *   taken over, the closed dialog is laid out once, unseen, in idle time, so the first tap does
 *   not pay for a first layout.
 * - until the form's code runs, a submit of the estimate form is held (「送信準備中…」, by CSS
 *   on its data-state) and the code sends it when it arrives; if the app cannot load at all, the
 *   held form is posted natively instead.
 * The loader's code is the same on every page (its inputs are data attributes), so the CSP
 * needs one hash for it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  estimateDialogId,
  estimateHash,
  estimateOpenEvent,
  formAttribute,
  formStateAttribute,
  layOutEvent,
  nativePostEvent,
  openerAttribute,
  openerValuesAttribute,
} from '../src/estimate/dialog';
import { isGtmContainerId } from '../src/lib/dataLayer';

const estimateScript = [
  `var S='${formStateAttribute}';`,
  `function X(){return D.getElementById('${estimateDialogId}')}`,
  "function F(){var x=X();return x&&x.querySelector('form')}",
  // A select gets the option a typed number means ('２０２７', '03' → '2027', '3').
  'function put(c,v){if(c.hidden)c.disabled=false;',
  'var k,m=0;for(k=0;c.options&&k<c.options.length;k++)if(c.options[k].value===v)m=1;',
  "if(c.tagName==='SELECT'&&!m){",
  'v=v.replace(/[０-９]/g,function(n){return String.fromCharCode(n.charCodeAt(0)-65248)}).trim();',
  'if(/^\\d{1,4}$/.test(v))v=String(+v)}',
  'c.value=v}',
  'function open(ep,v){var x=X(),f=F(),i,c;f.elements.entryPoint.value=ep;',
  "['quote.vehicleClass','quote.roughTotal'].forEach(function(n){c=f.elements[n];if(c)c.disabled=true});",
  "for(i in v){c=f.elements[i];if(c&&c.tagName&&v[i]!=='')put(c,String(v[i]))}",
  // showModal focuses the first empty required field itself (one focus, not two).
  "for(i=0;i<f.elements.length;i++){c=f.elements[i];if(c.required&&(c.type==='checkbox'?!c.checked:!c.value))break;c=null}",
  'if(c)c.autofocus=true;if(!x.open)x.showModal();if(c){if(D.activeElement!==c)c.focus();c.autofocus=false}',
  `x.dispatchEvent(new CustomEvent('${estimateOpenEvent}',{detail:ep}))}`,
  "D.addEventListener('click',function(e){var t=e.target,o=t&&t.closest&&",
  `t.closest('[${openerAttribute}]'),v={};if(!o||!F())return;e.preventDefault();`,
  `try{v=JSON.parse(o.getAttribute('${openerValuesAttribute}')||'{}')}catch(_){}`,
  `open(o.getAttribute('${openerAttribute}'),v)},true);`,
  "D.addEventListener('submit',function(e){var t=e.target,f=F(),a,v={},i,c;if(!f)return;",
  `if(a=t.getAttribute('${formAttribute}')){e.preventDefault();`,
  "for(i=0;i<t.elements.length;i++){c=t.elements[i];if(c.name&&c.type!=='hidden')v[c.name]=c.value}open(a,v)}",
  "else if(t===f&&(!f.getAttribute(S)||f.getAttribute(S)==='held')){e.preventDefault();f.setAttribute(S,'held')}},true);",
  `if(location.hash==='${estimateHash}'&&F()){history.replaceState(history.state,'',location.pathname+location.search);open('header',{})}`,
  // Lays the closed dialog out once, unseen (hidden, no transition, closed again in the same
  // task), when the page has painted and when the form's code asks (see layOutEvent).
  "function warm(){var x=X(),s;if(!x||x.open)return;s=x.style;s.cssText='display:flex;visibility:hidden;position:fixed;inset:0;transition:none';",
  "x.getBoundingClientRect();s.display='none';getComputedStyle(x).display;s.cssText=''}",
  `D.addEventListener('${layOutEvent}',warm);`,
  // The app or the form's code cannot load: the browser posts a held form itself (submit(), not
  // requestSubmit(): the values passed the browser's checks when it was held).
  "function fallback(){var f=F();if(!f||f.getAttribute(S)==='enhanced')return;var h=f.getAttribute(S)==='held';",
  "f.setAttribute(S,'native');if(h)f.submit()}",
  `D.addEventListener('${nativePostEvent}',fallback);`,
].join('');

export const appLoaderScript = [
  '(function(){var D=document,d=D.currentScript.dataset,w=window,done=0;',
  estimateScript,
  'function go(){if(done)return;done=1;(w.requestIdleCallback||setTimeout)(warm);',
  "if(d.gtm){w.dataLayer=w.dataLayer||[];w.dataLayer.push({'gtm.start':new Date().getTime(),event:'gtm.js'});",
  "var j=document.createElement('script');j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+encodeURIComponent(d.gtm);document.head.appendChild(j)}",
  "d.preload.split(' ').forEach(function(h){if(!h)return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});",
  'import(d.entry).catch(function(e){console.warn("[app] not started",e);fallback()})}',
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
