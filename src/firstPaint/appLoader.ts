// Starts the tag manager and the app once the page has painted its largest content (decision 003);
// without that report, two frames after `load`; in a background tab, after 3 s.
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
