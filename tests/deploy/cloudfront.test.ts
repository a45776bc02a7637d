// The CloudFront Function of deploy/cloudfront/ against the deploy guide's cases. It runs as a
// plain script in a bare context, as in the cloudfront-js-2.0 runtime (no modules, no Node APIs).
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { brandIds, brands } from '../../src/brand/brands';

type Querystring = Record<string, { value: string; multiValue?: Array<{ value: string }> }>;
type Request = {
  method: string;
  uri: string;
  querystring: Querystring;
  headers: Record<string, { value: string }>;
};
type Response = { statusCode: number; headers: Record<string, { value: string }> };

const source = readFileSync('deploy/cloudfront/viewer-request.js', 'utf8');
const handler = runInNewContext(`${source}\nhandler;`, {}) as (event: {
  request: Request;
}) => Request | Response;

function run(uri: string, host = 'www.carsupport.com', querystring: Querystring = {}) {
  const request: Request = { method: 'GET', uri, querystring, headers: { host: { value: host } } };
  return handler({ request });
}

function uriOf(result: Request | Response): string {
  expect(result).toHaveProperty('uri');
  return (result as Request).uri;
}

function locationOf(result: Request | Response): string {
  expect((result as Response).statusCode).toBe(301);
  return (result as Response).headers.location!.value;
}

describe('CloudFront viewer-request function', () => {
  it('is a plain script for the CloudFront runtime: no modules, no require', () => {
    expect(source).not.toMatch(/^\s*(import|export)\s/m);
    expect(source).not.toMatch(/\brequire\(|\bprocess\.|\bBuffer\b/);
    expect(source).toMatch(/^function handler\(event\)/m);
    // CloudFront Functions take at most 10 KB of code.
    expect(Buffer.byteLength(source)).toBeLessThan(10 * 1024);
  });

  it('knows no brand: the distribution of each brand host picks its tree by origin path', () => {
    for (const id of brandIds) {
      expect(source).not.toContain(id);
      const marker = brands[id].hostMarker;
      if (marker) expect(source).not.toContain(marker);
    }
  });

  it.each([
    ['/', 'www.carsupport.com', '/index.html'],
    ['/', 'www.yamada-shaken.com', '/index.html'],
    ['/term', 'www.carsupport.com', '/term.html'],
    ['/term', 'WWW.YAMADA-SHAKEN.COM', '/term.html'],
    ['/legal', 'shaken.yamada-shaken.co.jp', '/legal.html'],
    ['/privacypolicy', 'carsupport.example', '/privacypolicy.html'],
    ['/assets/index-abc123.js', 'www.carsupport.com', '/assets/index-abc123.js'],
    ['/_app/builds/latest.json', 'www.yamada-shaken.com', '/_app/builds/latest.json'],
    ['/_app/builds/b1/payload/term.json', 'x', '/_app/builds/b1/payload/term.json'],
    ['/robots.txt', 'www.carsupport.com', '/robots.txt'],
  ])('maps %s on %s to the key %s (under the origin path)', (uri, host, expected) => {
    expect(uriOf(run(uri, host))).toBe(expected);
  });

  it.each([
    ['/term/', '/term'],
    ['/term//', '/term'],
    ['/term%2F', '/term'],
    ['/.//evil.example/', '/evil.example'],
    ['/%2e//evil.example/', '/evil.example'],
    ['//evil.example/', '/evil.example'],
    ['/index', '/'],
    ['/index.html', '/'],
    ['/term.html', '/term'],
    ['/legal.html', '/legal'],
  ])('redirects %s to %s on the same host', (uri, location) => {
    expect(locationOf(run(uri))).toBe(location);
  });

  it('keeps the query on a redirect', () => {
    const result = run('/term/', 'www.carsupport.com', {
      utm_source: { value: 'google' },
      gclid: { value: 'abc' },
      utm_medium: { value: 'a', multiValue: [{ value: 'a' }, { value: 'b' }] },
    });
    expect(locationOf(result)).toBe('/term?utm_source=google&gclid=abc&utm_medium=a&utm_medium=b');
  });

  it.each([
    '/404',
    '/404.html',
    '/_headers',
    '/%E0%A4%A',
    '/term%00',
    '/\\evil.example/',
    '/%5Cevil.example',
    '/../package.json',
    '/%2e%2e/%2e%2e/package.json',
    '/assets/..%2f..%2f_headers',
  ])('sends %s to a missing key, so the custom error response answers 404', (uri) => {
    expect(uriOf(run(uri, 'www.yamada-shaken.com'))).toBe('/__not_found__');
  });
});
