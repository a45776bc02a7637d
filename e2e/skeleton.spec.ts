import { brandIds, brands, defaultBrandId } from '../src/brand/brands';
import {
  brandList,
  otherBrands,
  expect,
  hostFor,
  originFor,
  pagePaths,
  port,
  test,
  waitForApp,
} from './fixtures';

for (const brand of brandList) {
  test.describe(`${brand.id}`, () => {
    for (const path of pagePaths) {
      test(`raw HTML of ${path} carries the brand and no other`, async ({ request }) => {
        const response = await request.get(`http://127.0.0.1:${port}${path}`, {
          headers: { Host: hostFor(brand.id) },
        });
        expect(response.status()).toBe(200);
        expect(response.headers()['cache-control']).toBe('no-cache');
        const html = await response.text();
        expect(html).toContain(`data-brand="${brand.id}"`);
        expect(html).toContain(brand.name);
        expect(html).toContain(brand.phone);
        expect(html).toContain(brand.gtmId);
        for (const other of otherBrands(brand)) {
          expect(html).not.toContain(other.name);
          expect(html).not.toContain(other.phone);
          expect(html).not.toContain(other.gtmId);
        }
      });

      test(`${path} hydrates with no console error or hydration warning`, async ({
        page,
        consoleErrors,
      }) => {
        await page.goto(originFor(brand.id) + path);
        await waitForApp(page);
        await expect(page.locator('html')).toHaveAttribute('data-brand', brand.id);
        await expect(page.getByRole('banner')).toContainText(brand.phone);
        expect(consoleErrors).toEqual([]);
      });
    }

    test('an unknown path gives the not-found page with 404, and its link leads home', async ({
      page,
      consoleErrors,
    }) => {
      const response = await page.goto(`${originFor(brand.id)}/no-such-page`);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole('heading', { name: 'ページが見つかりませんでした。' }),
      ).toBeVisible();
      await waitForApp(page);
      await page.getByRole('link', { name: 'TOPページへ戻る' }).click();
      await expect(page).toHaveURL(`${originFor(brand.id)}/`);
      await expect(page.locator('[data-section="main-visual"]')).toBeVisible();
      expect(consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
    });

    test('client navigation fetches the page payload', async ({ page }) => {
      await page.goto(originFor(brand.id) + '/');
      await waitForApp(page);
      const payload = page.waitForResponse(/\/_app\/builds\/[^/]+\/payload\/term\.json$/);
      await page.getByRole('link', { name: '利用規約' }).first().click();
      expect((await payload).status()).toBe(200);
      await expect(page).toHaveURL(`${originFor(brand.id)}/term`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('利用規約');
    });
  });
}

// A brand's host that gets the default brand's tree, as a misrouted CDN would serve it.
const misrouted = brands[brandIds.find((id) => id !== defaultBrandId)!];

test('a host of another brand renders fresh in its own brand', async ({ page }) => {
  await page.route(`${originFor(misrouted.id)}/`, async (route) => {
    const response = await route.fetch({ url: `${originFor(defaultBrandId)}/` });
    await route.fulfill({ response });
  });
  await page.goto(`${originFor(misrouted.id)}/`);
  await waitForApp(page);
  await expect(page.locator('html')).toHaveAttribute('data-brand', misrouted.id);
  await expect(page.getByRole('banner')).toContainText(misrouted.phone);
});

test.describe('local origin', () => {
  test('redirects a trailing slash to the clean URL', async ({ request }) => {
    const response = await request.get(`http://127.0.0.1:${port}/term/?a=1`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/term?a=1');
  });

  test('refuses path traversal', async ({ request }) => {
    for (const path of [
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/../../package.json',
    ]) {
      const response = await request.get(`http://127.0.0.1:${port}${path}`);
      expect(response.status(), path).toBe(404);
      expect(await response.text()).not.toContain('"devDependencies"');
    }
  });

  test('serves hashed assets immutable and build files by their rules', async ({ request }) => {
    const html = await (await request.get(`http://127.0.0.1:${port}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(`http://127.0.0.1:${port}${asset}`);
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const latest = await request.get(`http://127.0.0.1:${port}/_app/builds/latest.json`);
    expect(latest.headers()['cache-control']).toBe('no-cache');
    const { id } = (await latest.json()) as { id: string };
    const meta = await request.get(`http://127.0.0.1:${port}/_app/builds/meta/${id}.json`);
    expect(meta.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await meta.json()).toMatchObject({
      id,
      brand: defaultBrandId,
      prerendered: pagePaths,
    });
  });

  test('answers business hours locally', async ({ request }) => {
    const response = await request.get(
      `http://127.0.0.1:${port}/shaken/column/wp-json/wp/business_time`,
    );
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ start_time: '9:00', end_time: '19:00' });
  });
});
