/**
 * The first-paint script's loader (decision 003): once the page has painted its largest content
 * (the browser's largest-contentful-paint report; where there is none, two frames after `load`;
 * in a background tab, which paints nothing, after 3 s), it lays the estimate dialog out in idle
 * time, starts the tag manager (GTM's standard snippet, same dataLayer events), preloads the
 * app's modules and imports its entry. Its inputs are the script element's data attributes
 * (`data-gtm`, `data-entry`, `data-preload`), so the code, and its CSP hash, is the same on every
 * page.
 */
import { layOutDialog, postNatively } from './estimateDialog';

type LoaderWindow = typeof window & { dataLayer?: unknown[] };

export function startApp(script: HTMLScriptElement): void {
  const { gtm, entry, preload } = script.dataset;
  const w = window as LoaderWindow;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    (w.requestIdleCallback || setTimeout)(layOutDialog);
    const head = document.head;
    if (gtm) {
      (w.dataLayer = w.dataLayer || []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      const tag = document.createElement('script');
      tag.async = true;
      tag.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtm)}`;
      head.appendChild(tag);
    }
    for (const href of (preload || '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      head.appendChild(link);
    }
    import(/* @vite-ignore */ entry!).catch((error: unknown) => {
      console.warn('[app] not started', error);
      postNatively();
    });
  };
  const soon = () => setTimeout(go, 0);
  const observer = w.PerformanceObserver as typeof PerformanceObserver | undefined;
  if (observer?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    new observer(soon).observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    const later = () => requestAnimationFrame(() => requestAnimationFrame(soon));
    if (document.readyState === 'complete') later();
    else w.addEventListener('load', later);
  }
  setTimeout(go, 3000);
}
