// The nginx configuration generator (deploy/nginx/config.ts); the smoke suite runs what it writes.
import {
  headerBufferKb,
  headerMaps,
  largestCookieHeaderBytes,
  nginxConfig,
  tagCookiesMarginBytes,
} from '../../deploy/nginx/config';
import { headerRules, type HeaderRule } from '../../server/site/headers';
import { brandIds, brands, defaultBrandId } from '../../src/brand/brands';
import { maxCookieBytes } from '../../src/tracking/trackingCookie';

/** The same rules for every brand of the table. */
function everyBrand(rules: HeaderRule[]) {
  return Object.fromEntries(brandIds.map((brand) => [brand, rules])) as Record<
    (typeof brandIds)[number],
    HeaderRule[]
  >;
}

function rulesWith(csp: string) {
  return headerRules({ pageHrefs: ['/', '/term'], contentSecurityPolicy: csp });
}

describe('nginx config', () => {
  it("takes each brand's CSP from that brand's rules", () => {
    const config = nginxConfig({
      distDir: '/srv/dist',
      port: 8080,
      prefixDir: '/tmp/x',
      rules: {
        ...everyBrand(rulesWith("script-src 'self' 'sha256-CCC'")),
        carsupport: rulesWith("script-src 'self' 'sha256-AAA'"),
        yamada: rulesWith("script-src 'self' 'sha256-BBB'"),
      },
    });
    expect(config).toContain(`"~^carsupport:" "script-src 'self' 'sha256-AAA'";`);
    expect(config).toContain(`"~^yamada:" "script-src 'self' 'sha256-BBB'";`);
    expect(config).toContain('listen 127.0.0.1:8080;');
    expect(config).toContain('root /srv/dist/$brand;');
  });

  it('gives each build-files path its rule and joins a rule for every path, as the hosts do', () => {
    const rules = [
      { path: '/*', headers: { 'X-Test': 'a' } },
      { path: '/_app/builds/:build/*', headers: { 'X-Test': 'b' } },
    ];
    const [map] = headerMaps(everyBrand(rules));
    expect(map).toContain('"~^carsupport:/_app/builds/[^/]+/.*$" "a, b";');
    expect(map).toContain('default "a";');
  });

  it('refuses a value nginx would read as a variable, instead of serving a wrong header', () => {
    const rules = [{ path: '/*', headers: { 'X-Test': 'cost $5' } }];
    expect(() => headerMaps(everyBrand(rules))).toThrow(/cannot quote/);
  });

  it('picks the brand by host as the brand table says: its default, then each marker', () => {
    const config = nginxConfig({
      distDir: '/srv/dist',
      port: 8080,
      prefixDir: '/tmp/x',
      rules: everyBrand(rulesWith("script-src 'self'")),
    });
    const hostMap = /map \$host \$brand \{\n([\s\S]*?)\n {2}\}/.exec(config)?.[1];
    const marked = brandIds.filter((brand) => brands[brand].hostMarker !== null);
    expect(hostMap?.split('\n').map((line) => line.trim())).toEqual([
      `default ${defaultBrandId};`,
      ...marked.map((brand) => `"~${brands[brand].hostMarker}" ${brand};`),
    ]);
  });
});

describe('nginx header buffers', () => {
  const config = () =>
    nginxConfig({
      distDir: '/srv/dist',
      port: 8080,
      prefixDir: '/tmp/x',
      rules: everyBrand(rulesWith("script-src 'self'")),
    });

  it('admit the largest cookie header the site and its tags can make, computed from the caps', () => {
    // tracking_data never exceeds its budget; the rest is the business hours and the tags' room.
    const bytes = largestCookieHeaderBytes();
    expect(bytes).toBeGreaterThan(tagCookiesMarginBytes + maxCookieBytes - 200);
    expect(bytes).toBeLessThanOrEqual(tagCookiesMarginBytes + maxCookieBytes + 100);
    expect(headerBufferKb() * 1024).toBeGreaterThanOrEqual(bytes);
    expect(config()).toContain(`large_client_header_buffers 4 ${headerBufferKb()}k;`);
  });

  it('refuse a 16 KB cookie header, which no page of the site writes', () => {
    expect(headerBufferKb() * 1024).toBeLessThan(16 * 1024);
  });

  it("answer a header over the buffers with each brand's 431 page", () => {
    const text = config();
    expect(text).toContain('error_page 414 494 =431 /_errors/431;');
    expect(text).toContain('location = /_errors/431 {');
    for (const brand of brandIds) {
      expect(text).toContain(brands[brand].name);
      expect(text).toContain(brands[brand].phone);
    }
    for (const brand of brandIds.filter((id) => id !== defaultBrandId)) {
      expect(text).toContain(`if ($brand = ${brand}) { return 431 '<!doctype html>`);
    }
  });
});
