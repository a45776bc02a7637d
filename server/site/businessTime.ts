/** A stand-in for the WordPress endpoint the page reads the opening hours from. */
import { businessTimePath } from '../../src/business-hours/businessHoursNames';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { json } from '../http/answers';
import { methods } from '../http/methods';

export type BusinessHours = { start: string | undefined; end: string | undefined };

export const defaultStart = '9:00';
export const defaultEnd = '19:00';

export function hoursOf(env: { BUSINESS_START_TIME?: string; BUSINESS_END_TIME?: string }) {
  return { start: env.BUSINESS_START_TIME, end: env.BUSINESS_END_TIME };
}

export function businessTimeRoute(app: Hono<AppEnv>): void {
  app.all(
    businessTimePath,
    methods({
      GET: (c) => {
        const { start, end } = hoursOf(c.env);
        const body = { start_time: start || defaultStart, end_time: end || defaultEnd };
        return Promise.resolve(json(200, body));
      },
    }),
  );
}
