import type { ReactNode } from 'react';
import { telHref } from '../brand/brands';
import { useBrand } from '../brand/useBrand';
import { useEstimateOpener } from '../estimate/EstimateContext';
import type { EntryPoint } from '../estimate/types';

/**
 * A tel: link to the brand's number. `place` goes in data-phone-link, which the phone_click
 * report names as its entry point (src/lib/dataLayer.ts).
 */
export function PhoneLink({
  place,
  className,
  label,
  children,
}: {
  place: string;
  className?: string;
  /** An accessible name, when the visible text alone would not say what the link does. */
  label?: string;
  children: ReactNode;
}) {
  const brand = useBrand();
  return (
    <a className={className} href={telHref(brand.phone)} data-phone-link={place} aria-label={label}>
      {children}
    </a>
  );
}

/**
 * A button that opens the estimate from `entryPoint`. Its data-estimate-opener attribute
 * (openerAttribute in src/estimate/openers.ts) lets the first-paint loader keep a tap made
 * before the app runs.
 */
export function EstimateButton({
  entryPoint,
  className,
  children,
}: {
  entryPoint: EntryPoint;
  className?: string;
  children: ReactNode;
}) {
  const openEstimate = useEstimateOpener();
  return (
    <button
      type="button"
      className={className}
      data-estimate-opener={entryPoint}
      onClick={() => openEstimate({ entryPoint })}
    >
      {children}
    </button>
  );
}
