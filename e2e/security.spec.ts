import { cspViolations, watchCsp } from './csp';
import { brandList, expect, originFor, pagePaths, test, waitForApp } from './fixtures';

/** Marks any script that an injected payload manages to run. */
const marker = 'window.__xss=1';
const payloads = [
  `<script>${marker}</script>`,
  `"><img src=x onerror="${marker}">`,
  `'><svg onload=${marker}>`,
  `javascript:${marker}`,
  `</script><script>${marker}</script>`,
  '%E0%A4%A',
  '%00%0d%0aSet-Cookie:x=1',
  '😀\u202e\u2028',
  'x'.repeat(10 * 1024),
];

// The query is read only by code every page shares (the head's entry capture, the layout's
// tracking; tests/tracking/trackingData.dom.test.ts holds its rules), and the landing page's own
// dialog script: the landing page takes every payload, the text pages share them out.
const textPaths = pagePaths.filter((path) => path !== '/');
function payloadsFor(path: string): string[] {
  if (path === '/') return payloads;
  const place = (textPaths as string[]).indexOf(path);
  return payloads.filter((_, index) => index % textPaths.length === place);
}

for (const brand of brandList) {
  test.describe(`${brand.id} security`, () => {
    test('the estimate dialog loads and styles itself under the CSP', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await watchCsp(page);
      await page.goto(originFor(brand.id) + '/');
      await waitForApp(page);
      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await cspViolations(page)).toEqual([]);
    });

    for (const path of pagePaths) {
      test(`${path}: hostile query strings and cookies run no script and break nothing`, async ({
        page,
        context,
        consoleErrors,
      }) => {
        let dialogs = 0;
        page.on('dialog', (dialog) => {
          dialogs += 1;
          void dialog.dismiss();
        });
        const url = new URL(originFor(brand.id));
        await context.addCookies([
          { name: 'tracking_data', value: '{"source":"<script>', url: url.origin },
          { name: 'business_start_time', value: '<img src=x>', url: url.origin },
          { name: 'business_end_time', value: '99:99', url: url.origin },
        ]);
        {
          for (const payload of payloadsFor(path)) {
            // One long value per address: servers and CDNs refuse request lines past ~16 KB.
            const short = payload.length < 200 ? payload : 'long';
            const query = [
              `utm_source=${encodeURIComponent(payload)}`,
              `utm_campaign=${short}`,
              'utm_medium=a&utm_medium=b',
              `gclid=${encodeURIComponent(short)}`,
              `utm_content=${short}`,
            ].join('&');
            await page.goto(`${originFor(brand.id)}${path}?${query}`);
            await waitForApp(page);
            await expect(page.getByRole('banner')).toContainText(brand.phone);
            expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
          }
        }
        expect(dialogs).toBe(0);

        await expect
          .poll(async () => (await context.cookies()).find((c) => c.name === 'tracking_data'))
          .toBeTruthy();
        const cookie = (await context.cookies()).find((c) => c.name === 'tracking_data')!;
        expect(cookie.name.length + cookie.value.length).toBeLessThan(4096);
        const data = JSON.parse(decodeURIComponent(cookie.value)) as Record<string, unknown>;
        for (const value of Object.values(data)) expect(typeof value).toBe('string');
        expect(data.inquiry_medium).toBe('a');
        // Only the browser's own messages about the malformed escapes may appear, no page error.
        expect(consoleErrors.filter((e) => !/URI malformed/i.test(e))).toEqual([]);
      });
    }

    test('huge and malformed API answers leave the page working', async ({ page }) => {
      await page.route('**/shaken/column/wp-json/wp/business_time', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ start_time: '<b>9:00</b>'.repeat(50_000), end_time: {} }),
        }),
      );
      await page.route('**/_app/builds/meta/*.json', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>oops' }),
      );
      const answered = page.waitForResponse('**/shaken/column/wp-json/wp/business_time');
      await page.goto(originFor(brand.id) + '/');
      await waitForApp(page);
      await answered;
      await expect(page.locator('[data-section="cta"]')).toBeVisible();
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name.startsWith('business_'))).toBeUndefined();
    });
  });
}
