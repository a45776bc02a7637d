// Core Web Vitals from real visitors (docs/tracking.md), loaded in idle time: the observers are
// buffered, so an earlier LCP is still reported. The target is a selector, never a typed value.
import { onCLS, onINP, onLCP, type MetricWithAttribution } from 'web-vitals/attribution';
import { pushEvent } from '../lib/dataLayer';

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
