import { brandIdForHost, brands, telHref } from '../../src/brand/brands';

describe('brandIdForHost', () => {
  it.each([
    ['www.yamada-shaken.com', 'yamada'],
    ['yamada-shaken.localhost:4173', 'yamada'],
    ['lp.YAMADA-SHAKEN.co.jp', 'yamada'],
    ['www.carsupport.com', 'carsupport'],
    ['localhost:4173', 'carsupport'],
    ['127.0.0.1', 'carsupport'],
    ['yamada.com', 'carsupport'],
    ['', 'carsupport'],
  ])('%s is %s', (host, expected) => {
    expect(brandIdForHost(host)).toBe(expected);
  });
});

describe('brand table', () => {
  it('holds the spec constants of each brand', () => {
    expect(brands.carsupport).toMatchObject({
      name: 'カーサポート車検',
      phone: '0120-104-631',
      gtmId: 'GTM-PF46FXZL',
    });
    expect(brands.yamada).toMatchObject({
      name: 'ヤマダ車検',
      phone: '0120-012-402',
      gtmId: 'GTM-KZQ4D3H8',
    });
  });

  it('makes one-tap tel: links of printed numbers', () => {
    expect(telHref('0120-104-631')).toBe('tel:0120104631');
  });
});
