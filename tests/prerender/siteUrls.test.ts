import { siteUrl } from '../../prerender/siteUrls';
import { brandIds, brands, localOrigin } from '../../src/brand/brands';

describe('siteUrl', () => {
  it.each(brandIds)("reads %s's origin from its own build variable", (id) => {
    const env = { [brands[id].siteUrlVariable]: 'https://www.example.jp/some/path' };
    expect(siteUrl(id, env)).toBe('https://www.example.jp');
    for (const other of brandIds.filter((brand) => brand !== id)) {
      expect(siteUrl(other, env)).toBe(localOrigin(other, 4173));
    }
  });

  it('defaults to the local origin of each brand', () => {
    expect(siteUrl('carsupport', {})).toBe('http://localhost:4173');
    expect(siteUrl('yamada', {})).toBe('http://yamada-shaken.localhost:4173');
  });

  it('links a local build to the port it will be served on', () => {
    expect(siteUrl('yamada', { PORT: '5400' })).toBe('http://yamada-shaken.localhost:5400');
    expect(siteUrl('yamada', { PORT: '5400', SITE_URL_YAMADA: 'https://y.jp' })).toBe(
      'https://y.jp',
    );
  });
});
