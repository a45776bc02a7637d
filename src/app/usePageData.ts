import { useMatches } from 'react-router-dom';
import type { PageData } from '../content/types';

/** The data of the page being shown, or null on error pages. */
export function usePageData(): PageData | null {
  const matches = useMatches();
  for (const match of matches) {
    const loaderData = match.loaderData as PageData | undefined;
    if (loaderData && typeof loaderData === 'object' && 'route' in loaderData) return loaderData;
  }
  return null;
}
