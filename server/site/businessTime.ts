/** A stand-in for the WordPress endpoint the page reads the opening hours from. */
import { businessTimePath } from '../../src/business-hours/businessHoursNames';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/context';
import { json } from '../http/answers';
import { methods } from '../http/methods';
import { defaultEnd, defaultStart, hoursOf } from './hours';

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
