import type { ReactNode } from 'react';
import { telHref } from '../brand/brands';
import { useBrand } from '../brand/useBrand';
import {
  estimateHash,
  openerAttribute,
  openerValuesAttribute,
  showEstimateCommand,
} from '../estimate/dialog';
import type { EntryPoint } from '../estimate/contract/types';

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
 * What opens the estimate from `entryPoint`. On a page with the estimate dialog, a button that
 * shows it with no script (`commandfor`); the first-paint script (src/firstPaint/) reads
 * its data-estimate-opener to fill in the entry point and focus the first field. On a page without
 * the dialog, a link to the landing page that opens it on arrival.
 */
export function EstimateButton({
  entryPoint,
  className,
  children,
  values,
  onPage = true,
}: {
  entryPoint: EntryPoint;
  className?: string;
  children: ReactNode;
  /** Values the open writes into the dialog's form, by control name (the price check's). */
  values?: Record<string, string>;
  /** False on pages without the dialog. */
  onPage?: boolean;
}) {
  const opener = {
    [openerAttribute]: entryPoint,
    ...(values && { [openerValuesAttribute]: JSON.stringify(values) }),
  };
  if (!onPage) {
    return (
      <a href={`/${estimateHash}`} className={className} {...opener}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className} {...showEstimateCommand} {...opener}>
      {children}
    </button>
  );
}
