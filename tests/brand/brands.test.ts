import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  brandIdForHost,
  brandIds,
  brands,
  defaultBrandId,
  hasCampaign,
  localOrigin,
  siteUrlVariable,
  telHref,
} from '../../src/brand/brands';
import { gtmIds } from '../../src/brand/tagManager';

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

  it("gives every brand its own local origin's host", () => {
    for (const id of brandIds) {
      expect(brandIdForHost(new URL(localOrigin(id, 4173)).host)).toBe(id);
    }
  });
});

describe('brand table', () => {
  it('holds the spec constants of each brand', () => {
    expect(brands.carsupport).toMatchObject({
      name: 'カーサポート車検',
      phone: '0120-104-631',
    });
    expect(gtmIds.carsupport).toBe('GTM-PF46FXZL');
    expect(brands.yamada).toMatchObject({
      name: 'ヤマダ車検',
      phone: '0120-012-402',
    });
    expect(gtmIds.yamada).toBe('GTM-KZQ4D3H8');
  });

  it('keys each row by its id', () => {
    for (const id of brandIds) expect(brands[id].id).toBe(id);
  });

  it('gives every brand but the default a host marker, none inside another', () => {
    expect(brands[defaultBrandId].hostMarker).toBeNull();
    const markers = brandIds
      .filter((id) => id !== defaultBrandId)
      .map((id) => brands[id].hostMarker);
    for (const marker of markers) {
      expect(marker).toMatch(/^[a-z0-9-]+$/);
      expect(markers.filter((other) => other!.includes(marker!))).toEqual([marker]);
    }
  });

  it('names each site-URL variable after its brand id', () => {
    for (const id of brandIds) {
      expect(siteUrlVariable(id)).toBe(`SITE_URL_${id.toUpperCase().replace(/-/g, '_')}`);
    }
    expect(siteUrlVariable('yamada')).toBe('SITE_URL_YAMADA');
  });

  it('lists each section once, and the campaign only for the brand that has one (spec 4)', () => {
    for (const id of brandIds) {
      expect(new Set(brands[id].sections).size).toBe(brands[id].sections.length);
    }
    expect(brandIds.filter((id) => hasCampaign(brands[id]))).toEqual(['carsupport']);
  });

  it('makes one-tap tel: links of printed numbers', () => {
    expect(telHref('0120-104-631')).toBe('tel:0120104631');
  });
});

/** Every CSS file under `dir`. */
function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return path.endsWith('.css') ? [path] : [];
  });
}

/** The custom properties a block of CSS sets, from the first rule matching `selector`. */
function propertiesOf(css: string, selector: string): string[] {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) return [];
  const block = css.slice(start, css.indexOf('}', start));
  return [...block.matchAll(/(--[a-z-]+):/g)].map((match) => match[1]!).sort();
}

describe("each brand's folder", () => {
  const used = new Set(
    cssFiles('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--c-[a-z-]+)\)/g)].map((match) => match[1]!),
    ),
  );
  const global = readFileSync('src/styles/global.css', 'utf8');
  const shared = new Set([
    ...propertiesOf(global, ':root'),
    ...propertiesOf(global, "[data-theme='dark']"),
  ]);
  const brandColours = [...used].filter((name) => !shared.has(name)).sort();

  it.each(brandIds)('holds the copy, logo and theme of %s', (id) => {
    for (const file of ['landing.ts', 'pages.ts', 'descriptions.ts', 'logo.ts', 'theme.css']) {
      expect(existsSync(join('src/content', id, file)), file).toBe(true);
    }
  });

  it.each(brandIds)('sets every colour the stylesheet reads for %s, light and dark', (id) => {
    expect(brandColours).toContain('--c-primary');
    const theme = readFileSync(join('src/content', id, 'theme.css'), 'utf8');
    expect(propertiesOf(theme, `[data-brand='${id}']`)).toEqual(brandColours);
    expect(propertiesOf(theme, `[data-brand='${id}'][data-theme='dark']`)).toEqual(brandColours);
  });
});

describe('the brand table', () => {
  it('is the one place, with the brands’ folders, that names a brand: at most 3 source files besides', () => {
    const files = execFileSync(
      'git',
      ['ls-files', '--', 'src', 'server', 'deploy', 'prerender', 'bench', 'tools'],
      { encoding: 'utf8' },
    )
      .split('\n')
      .filter((file) => /\.(ts|tsx|js|mjs|sh)$/.test(file))
      .filter((file) => file !== 'src/brand/brands.ts' && !/^src\/content\/[^/]+\//.test(file));
    const names = Object.values(brands).flatMap((brand) => [
      new RegExp(`\\b${brand.id}\\b`, 'i'),
      brand.name,
      ...(brand.hostMarker ? [brand.hostMarker] : []),
    ]);
    const naming = files.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return names.some((name) =>
        typeof name === 'string' ? text.includes(name) : name.test(text),
      );
    });
    expect(naming.length, naming.join(', ')).toBeLessThanOrEqual(3);
  });
});
