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

/** `place` is the phone_click report's entry point. */
export function PhoneLink({
  place,
  className,
  label,
  children,
}: {
  place: string;
  className?: string;
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

/** On a page without the dialog, a link to the landing page that opens it on arrival. */
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
  /** The price check's, by control name. */
  values?: Record<string, string>;
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
