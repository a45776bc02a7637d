import type { LogoMark } from '../types';

/** A car seen from the side, riding on a check mark, on a rounded square. */
export const logo: LogoMark = [
  { shape: 'rect', paint: 'primary', x: 0, y: 0, width: 36, height: 36, rx: 9 },
  {
    shape: 'path',
    paint: 'onPrimary',
    d: 'M8 19.5 11 14a3 3 0 0 1 2.6-1.5h8.8A3 3 0 0 1 25 14l3 5.5v4a1 1 0 0 1-1 1h-2a3 3 0 0 0-6 0h-2a3 3 0 0 0-6 0H9a1 1 0 0 1-1-1z',
  },
  { shape: 'circle', paint: 'accent', cx: 14, cy: 24.5, r: 2 },
  { shape: 'circle', paint: 'accent', cx: 22, cy: 24.5, r: 2 },
  { shape: 'path', paint: 'accentStroke', d: 'M12.5 17.5h11' },
];
