// Attribution and conversions in a real browser, for both brands: every click id and campaign
// parameter reaches the tracking_data cookie and the estimate request, the entry URL keeps only
// attribution parameters, estimate_success names the lead the API answered, and page_view fires
// once per in-app navigation (none for the first load). The cookie's attributes are checked
// here too, as the browser stores them.
import type { BrowserContext, Page } from '@playwright/test';
import { clickIdParams } from '../src/tracking/trackingFields';
import { fillEstimate, uniqueEmail } from './estimateForm';
import { brandList, expect, leadServer, originFor, test, waitForApp } from './fixtures';
import { staffLead } from './leadRecords';

const dayS = 86_400;

/** The tracking_data cookie once the page has written `field`, parsed. */
async function trackingCookieWith(
  context: BrowserContext,
  field: string,
): Promise<Record<string, string>> {
  let data: Record<string, string> = {};
  await expect
    .poll(async () => {
      const cookie = (await context.cookies()).find((c) => c.name === 'tracking_data');
      try {
        data = JSON.parse(decodeURIComponent(cookie?.value ?? '{}')) as Record<string, string>;
      } catch {
        data = {};
      }
      return data[field];
    })
    .toBeDefined();
  return data;
}

type DataLayerEntry = Record<string, unknown> & { event?: string };

async function dataLayer(page: Page): Promise<DataLayerEntry[]> {
  return page.evaluate(
    () => ((window as Window & { dataLayer?: unknown[] }).dataLayer ?? []) as DataLayerEntry[],
  );
}

for (const brand of brandList) {
  const origin = originFor(brand.id);

  test.describe(`${brand.id} attribution`, () => {
    test('every click id reaches the cookie and the request; the entry URL keeps attribution only; estimate_success names the lead', async ({
      page,
      context,
      consoleErrors,
    }) => {
      const clickIds = Object.fromEntries(
        clickIdParams.map((param) => [param, `${param}-${brand.id}-1`]),
      );
      const attribution = new URLSearchParams({
        utm_source: 'e2e',
        utm_medium: 'cpc',
        utm_campaign: 'spring',
        utm_term: '車検',
        utm_content: 'ad-1',
        gclid: 'g-1',
        ...clickIds,
      }).toString();
      // A newsletter link also carries the reader's email and a login token.
      await page.goto(`${origin}/?email=taro%40example.com&${attribution}&token=s3cret`);
      await waitForApp(page);

      const cookie = await trackingCookieWith(context, 'ldtag_cl');
      expect(cookie).toEqual({
        lp_entry_url: `/?${attribution}`,
        estimate_generated_url: '/',
        source: 'e2e',
        inquiry_medium: 'cpc',
        campaign: 'spring',
        term: '車検',
        inquiry_content: 'ad-1',
        gaid: 'g-1',
        ...clickIds,
      });
      expect(await page.evaluate(() => sessionStorage.getItem('lp_entry_url'))).toBe(
        `/?${attribution}`,
      );
      await test.step('the cookie is host-only, Lax, not Secure on a local host, for one day', async () => {
        const stored = (await context.cookies()).find((c) => c.name === 'tracking_data')!;
        expect(stored.domain).toBe(new URL(origin).hostname);
        expect(stored.path).toBe('/');
        expect(stored.secure).toBe(false);
        expect(stored.sameSite).toBe('Lax');
        const lifetime = stored.expires - Date.now() / 1000;
        expect(lifetime).toBeGreaterThan(dayS - 600);
        expect(lifetime).toBeLessThanOrEqual(dayS + 60);
      });

      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const dialog = page.getByRole('dialog');
      // A new address each run: the API answers a repeated lead with the id it stored first.
      await fillEstimate(dialog, uniqueEmail(`attribution-${brand.id}`));

      const answered = page.waitForResponse(
        (response) => response.url().endsWith('/api/estimates') && response.status() === 201,
      );
      await dialog.getByRole('button', { name: 'この内容で見積もりを依頼する' }).click();
      const response = await answered;
      const { id } = (await response.json()) as { id: string };
      await expect(
        dialog.getByRole('heading', { name: 'お見積もり依頼を受け付けました' }),
      ).toBeVisible();

      const sent = response.request().postDataJSON() as { tracking: Record<string, string> };
      expect(sent.tracking).toEqual(cookie);
      expect((await staffLead(leadServer, brand.id, id)).request.tracking).toEqual(cookie);

      const successes = (await dataLayer(page)).filter((e) => e.event === 'estimate_success');
      expect(successes).toEqual([
        { event: 'estimate_success', brand: brand.id, entry_point: 'header', estimate_id: id },
      ]);
      const everything = JSON.stringify(await dataLayer(page));
      expect(everything).not.toMatch(/taro@example|attribution-|09012345678|s3cret/);
      expect(consoleErrors.filter((e) => !e.includes('googletagmanager.com'))).toEqual([]);
    });

    test('one page_view per in-app navigation, none for the first load', async ({ page }) => {
      await page.goto(`${origin}/`);
      await waitForApp(page);
      const pageViews = async () =>
        (await dataLayer(page)).filter((entry) => entry.event === 'page_view');
      expect(await pageViews()).toEqual([]);

      await page.getByRole('link', { name: '利用規約' }).first().click();
      await expect(page).toHaveURL(`${origin}/term`);
      await expect.poll(pageViews).toHaveLength(1);
      const termTitle = await page.title();
      expect(termTitle).toContain('利用規約');

      await page.getByRole('banner').getByRole('link').first().click();
      await expect(page).toHaveURL(`${origin}/`);
      await expect.poll(pageViews).toHaveLength(2);
      expect(await pageViews()).toEqual([
        { event: 'page_view', page_path: '/term', page_title: termTitle, brand: brand.id },
        { event: 'page_view', page_path: '/', page_title: await page.title(), brand: brand.id },
      ]);
    });
  });
}
