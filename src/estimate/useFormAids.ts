// Attaches the form aids once the form's code has taken over; without their chunk the form works.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { BrandId } from '../brand/brands';
import type { FormAids } from './formAids';
import { entryPointOf } from './formDom';
import { withEmptyDefaults, type EstimateFormValues } from './contract/formValues';
import { requiredLeft } from './progress';
import type { EstimateFormOutput } from './contract/validation/estimateSchema';
import { messages } from './contract/validation/messages';
import { normalizePostalCode } from './contract/validation/normalize';

type Form = Pick<
  UseFormReturn<EstimateFormValues, unknown, EstimateFormOutput>,
  'subscribe' | 'getValues' | 'setValue' | 'getFieldState'
>;

/** `holdsInputRef`: whether the form holds input not sent. */
export function useFormAids(
  formRef: RefObject<HTMLFormElement | null>,
  { subscribe, getValues, setValue, getFieldState }: Form,
  brandId: BrandId,
  holdsInputRef: RefObject<boolean>,
): { left: number | undefined; sent: () => void } {
  const [left, setLeft] = useState<number | undefined>(undefined);
  const aidsRef = useRef<FormAids | undefined>(undefined);

  useEffect(() => {
    const element = formRef.current;
    if (!element) return undefined;
    let live = true;
    import('./formAids')
      .then(({ attachFormAids }) => {
        if (!live) return;
        aidsRef.current = attachFormAids(
          element,
          {
            subscribe,
            getValues,
            setValue,
            getFieldState,
            withEmptyDefaults,
            requiredLeft,
            normalizePostalCode,
            messages,
          },
          () => ({ brand: brandId, entryPoint: entryPointOf(element) }),
          setLeft,
          () => holdsInputRef.current,
        );
      })
      .catch((error: unknown) => console.warn('[estimate] form aids unavailable', error));
    return () => {
      live = false;
      aidsRef.current?.detach();
      aidsRef.current = undefined;
    };
  }, [formRef, subscribe, getValues, setValue, getFieldState, brandId, holdsInputRef]);

  return { left, sent: () => aidsRef.current?.sent() };
}
