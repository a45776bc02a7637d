// The first-paint script's entry, built into the inline script by prerender/firstPaint.ts.
import { firstPaint } from './index';

firstPaint(document.currentScript as HTMLScriptElement);
