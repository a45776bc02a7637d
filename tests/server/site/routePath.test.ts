// The one path the Worker's app routes by (server/site/paths.ts routePath): every non-canonical
// spelling of an API path is that path, from a raw request target as from the Worker's URL.
import { routePath } from '../../../server/site/paths';

describe('routePath', () => {
  it.each([
    ['/api\\estimates', '/api/estimates'],
    ['/api/./estimates.csv?from=2026-11-24', '/api/estimates.csv'],
    ['/%2e/api/estimates.csv', '/api/estimates.csv'],
    ['/%2E%2E/api/estimates.csv', '/api/estimates.csv'],
    ['/api/x/../estimates.csv', '/api/estimates.csv'],
    ['/api/x/%2e%2e/estimates.csv', '/api/estimates.csv'],
    ['/api/%65stimates', '/api/estimates'],
    ['/%61pi/estimates/%72esend', '/api/estimates/resend'],
    ['//api//estimates', '/api/estimates'],
    ['/api/estimates', '/api/estimates'],
    // What the Worker's URL already is: the same answer again.
    [new URL('http://x/api\\./%65stimates').pathname, '/api/estimates'],
  ])('routes %j as %j', (target, path) => {
    expect(routePath(target)).toBe(path);
  });

  it.each([
    // A reserved character encoded stays encoded: `%2F` is not a slash, `%3F` not a query.
    ['/api/estimates%2Fresend', '/api/estimates%2Fresend'],
    ['/api/estimates%3Fx', '/api/estimates%3Fx'],
    // Decoded once only.
    ['/api/%2565stimates', '/api/%2565stimates'],
  ])('keeps %j apart from the API as %j', (target, path) => {
    expect(routePath(target)).toBe(path);
  });
});
