/**
 * Core Web Vitals from real visitors (docs/tracking.md): LCP, INP and CLS as the web-vitals
 * library measures them, each pushed to the dataLayer as `web_vitals` with the element it is
 * about (the attribution's target, a CSS selector: never a value the visitor typed). Loaded in
 * idle time with the background tasks, never in the first view; the library's observers are
 * buffered, so an LCP that happened before it loaded is still reported.
 */
import { onCLS, onINP, onLCP, type MetricWithAttribution } from 'web-vitals/attribution';
import { pushEvent } from '../lib/dataLayer';

/** The element a metric is about, as web-vitals' attribution names it. */
function targetOf(metric: MetricWithAttribution): string {
  switch (metric.name) {
    case 'LCP':
      return metric.attribution.target ?? '';
    case 'INP':
      return metric.attribution.interactionTarget ?? '';
    case 'CLS':
      return metric.attribution.largestShiftTarget ?? '';
    default:
      return '';
  }
}

/** Reports the page's web vitals as they are known, `brand` on each (the html's data-brand). */
export function reportWebVitals(brand: string): void {
  const report = (metric: MetricWithAttribution) =>
    pushEvent('web_vitals', {
      brand,
      metric_name: metric.name,
      // CLS is unitless (to 4 places); LCP and INP are whole milliseconds.
      metric_value:
        metric.name === 'CLS' ? Math.round(metric.value * 1e4) / 1e4 : Math.round(metric.value),
      metric_rating: metric.rating,
      metric_id: metric.id,
      metric_target: targetOf(metric),
    });
  onLCP(report);
  onINP(report);
  onCLS(report);
}
