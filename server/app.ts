// The Worker's one app, routed on one normalised path (routePath). A path of the API no route takes
// is the site's 404 page whatever the method; routes answer with the tree's security headers where
// they set none of their own.
import { Hono, type MiddlewareHandler } from 'hono';
import { businessTimePath } from '../src/business-hours/businessHoursNames';
import { shopsApi, slotsApi } from './booking/api';
import { manageBasePath } from './booking/paths';
import { manageSite } from './booking/manage';
import { guideBasePath } from './reminders/paths';
import { guideSite } from './reminders/unsubscribe';
import { resend } from './delivery/resend';
import { estimates } from './estimate/routes';
import { requestContext, type AppContext, type AppEnv, type Handler } from './http/context';
import { methods } from './http/methods';
import { servicesOf, type ServiceOptions } from './services';
import { notFound, serveAsset, siteHeaders } from './site/assets';
import { businessTimeRoute } from './site/businessTime';
import { routePath } from './site/paths';
import { staffApi } from './staff/api';
import { exportLeads } from './staff/export';
import { staffSite } from './staff/site';

/** The export and re-send exist only where EXPORT_SECRET is set. */
const withExportSecret =
  (handler: Handler): Handler =>
  (c: AppContext) =>
    c.env.EXPORT_SECRET ? handler(c) : notFound(c.env, new URL(c.req.url));

// The staff's pages and API exist only where an access is configured: before their own checks, so
// a post from elsewhere meets the 404 page too, not a refusal that shows the routes are there.
const withStaffAccess: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.services.access) return notFound(c.env, new URL(c.req.url));
  await next();
};

export function createApp(options: ServiceOptions = {}) {
  const app = new Hono<AppEnv>({ getPath: (request) => routePath(request.url) });
  app.use(requestContext(servicesOf(options)));
  const served = [
    '/api/*',
    '/staff',
    '/staff/*',
    `${manageBasePath}/*`,
    `${guideBasePath}/*`,
    businessTimePath,
  ];
  for (const path of served) app.use(path, siteHeaders);
  for (const path of ['/api/staff/*', '/staff', '/staff/*']) app.use(path, withStaffAccess);
  app.all('/api/estimates.csv', withExportSecret(methods({ GET: exportLeads })));
  app.all('/api/estimates/resend', withExportSecret(methods({ POST: resend })));
  app.route('/api/estimates', estimates);
  app.route('/api/shops', shopsApi);
  app.route('/api/slots', slotsApi);
  businessTimeRoute(app);
  app.route('/api/staff', staffApi);
  app.route('/staff', staffSite);
  app.route(manageBasePath, manageSite);
  app.route(guideBasePath, guideSite);
  app.all('/api/*', (c) => notFound(c.env, new URL(c.req.url)));
  app.notFound((c) => serveAsset(c.req.raw, c.env));
  return app;
}
