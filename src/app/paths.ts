import type { RouteName } from '../content/types';

/** Every page of the site: route name, router path and the href links use. */
export const pages: ReadonlyArray<{ route: RouteName; path: string; href: string }> = [
  { route: 'index', path: '/', href: '/' },
  { route: 'term', path: 'term', href: '/term' },
  { route: 'legal', path: 'legal', href: '/legal' },
  { route: 'privacypolicy', path: 'privacypolicy', href: '/privacypolicy' },
];
