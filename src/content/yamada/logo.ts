import type { LogoMark } from '../types';

/** Two peaks (ヤマ) over a road, on a disc. */
export const logo: LogoMark = [
  { shape: 'circle', paint: 'primary', cx: 18, cy: 18, r: 18 },
  { shape: 'path', paint: 'onPrimary', d: 'M6 24 13.5 12l4.5 7 3.5-5L30 24z' },
  { shape: 'circle', paint: 'accent', cx: 25, cy: 10.5, r: 3 },
  { shape: 'path', paint: 'accentStroke', d: 'M9 27.5h18' },
];
