import { createContext, useContext } from 'react';
import type { OpenEstimateOptions } from './types';

export type EstimateOpener = (options: OpenEstimateOptions) => void;

/**
 * Opens the estimate modal. The provider (EstimateProvider) loads the modal chunk on first use;
 * without a provider (tests, prerender) opening does nothing.
 */
export const EstimateOpenerContext = createContext<EstimateOpener>(() => {});

export function useEstimateOpener(): EstimateOpener {
  return useContext(EstimateOpenerContext);
}
