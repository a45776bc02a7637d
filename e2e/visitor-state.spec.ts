// Issue 5, visitor state: the tracking_data cookie (attribution) and the business hours that hide
// the call-to-action, in a real browser against the built site, for both brands.
import type { BrowserContext, Cookie, Page, Route } from '@playwright/test';
import { oneBrand, expect, originFor, test, waitForApp } from './fixtures';

const businessTimeGlob = '**/shaken/column/wp-json/wp/business_time';
const dayS = 86_400;

/**
 * A moment given as Tokyo wall-clock time, a few days from now: cookies the page stamps with its
 * fake clock must expire in the browser's real future (and within Chromium's 400-day cap).
 */
function tokyo(hhmm: string): Date {
  const day = new Date(Date.now() + 3 * dayS * 1000).toISOString().slice(0, 10);
  return new Date(`${day}T${hhmm}:00+09:00`);
}

async function cookieNamed(context: BrowserContext, name: string): Promise<Cookie | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name);
}

/** Waits until the tracking cookie's `field` is `value` (it is rewritten after each navigation). */
async function trackingCookieWhere(
  context: BrowserContext,
  field: string,
  value: string,
): Promise<Record<string, string>> {
  let data: Record<string, string> = {};
  await expect
    .poll(async () => {
      const cookie = await cookieNamed(context, 'tracking_data');
      try {
        data = JSON.parse(decodeURIComponent(cookie?.value ?? '{}')) as Record<string, string>;
      } catch {
        data = {}; // not (yet) rewritten by the page
      }
      return data[field];
    })
    .toBe(value);
  return data;
}

/** Counts requests to the business_time endpoint and answers them with `answer`. */
async function routeBusinessTime(
  page: Page,
  answer: (route: Route) => Promise<void>,
): Promise<{ count: () => number }> {
  let count = 0;
  await page.route(businessTimeGlob, async (route) => {
    count += 1;
    await answer(route);
  });
  return { count: () => count };
}

function hours(start: string, end: string) {
  return (route: Route) =>
    route.fulfill({ status: 200, json: { start_time: start, end_time: end } });
}

for (const brand of oneBrand(1)) {
  const origin = originFor(brand.id);
  const host = new URL(origin).hostname;

  test.describe(`${brand.id} tracking_data`, () => {
    test('client navigation updates the current page; new parameters overwrite, absent ones keep', async ({
      page,
      context,
    }) => {
      await page.goto(`${origin}/?utm_source=google&utm_medium=cpc&gclid=first`);
      await waitForApp(page);
      await trackingCookieWhere(context, 'estimate_generated_url', '/');

      await page.getByRole('link', { name: '利用規約' }).first().click();
      await expect(page).toHaveURL(`${origin}/term`);
      const afterNavigation = await trackingCookieWhere(context, 'estimate_generated_url', '/term');
      expect(afterNavigation).toMatchObject({
        lp_entry_url: '/?utm_source=google&utm_medium=cpc&gclid=first',
        source: 'google',
        inquiry_medium: 'cpc',
        gaid: 'first',
      });

      // A later ad click in the same session: source and gclid change, an empty campaign counts
      // as absent, the medium is kept, and the entry stays the first page of the session.
      await page.goto(`${origin}/legal?utm_source=yahoo&utm_campaign=&gclid=second`);
      await waitForApp(page);
      const afterSecondVisit = await trackingCookieWhere(
        context,
        'estimate_generated_url',
        '/legal',
      );
      expect(afterSecondVisit).toEqual({
        lp_entry_url: '/?utm_source=google&utm_medium=cpc&gclid=first',
        estimate_generated_url: '/legal',
        source: 'yahoo',
        inquiry_medium: 'cpc',
        gaid: 'second',
      });
    });
  });

  test.describe(`${brand.id} business hours`, () => {
    test('answered: stored as H:MM for 86400 s, the cta shows inside the hours', async ({
      page,
      context,
      consoleErrors,
    }) => {
      const now = tokyo('12:00');
      await page.clock.install({ time: now });
      const endpoint = await routeBusinessTime(page, hours('09:00:00', '18:30'));
      await page.goto(`${origin}/`);
      await waitForApp(page);

      await expect.poll(() => cookieNamed(context, 'business_end_time')).toBeDefined();
      const start = (await cookieNamed(context, 'business_start_time'))!;
      const end = (await cookieNamed(context, 'business_end_time'))!;
      expect([start.value, end.value]).toEqual(['9:00', '18:30']);
      for (const cookie of [start, end]) {
        expect(cookie.domain).toBe(host);
        expect(cookie.sameSite).toBe('Lax');
        expect(cookie.secure).toBe(false);
        // Stamped with the page's (fake) clock: about a day after it.
        const lifetime = cookie.expires - now.getTime() / 1000;
        expect(lifetime).toBeGreaterThan(dayS - 600);
        expect(lifetime).toBeLessThanOrEqual(dayS + 600);
      }
      expect(endpoint.count()).toBe(1);
      await expect(page.locator('[data-section="cta"]')).toBeVisible();
      expect(consoleErrors).toEqual([]);
    });

    test('the cta follows the hours by the minute: hidden before the opening one, back from it, gone after the closing one', async ({
      page,
    }) => {
      await page.clock.install({ time: tokyo('08:58') });
      // The endpoint is the shop's word: a short day is kept, so one page sees both ends of it.
      const endpoint = await routeBusinessTime(page, hours('9:00', '9:02'));
      await page.goto(`${origin}/`);
      await waitForApp(page);
      const cta = page.locator('[data-section="cta"]');
      // Prerendered (hours not loaded yet), then hidden once the hours say "closed"; the rest of
      // the page stays.
      await expect(cta).toHaveCount(0);
      await expect(page.locator('[data-section="direction"]')).toBeVisible();
      expect(endpoint.count()).toBe(1);
      // The sticky bar follows the same rule: while closed it says when the phone rings.
      const bar = page.locator('[data-section="tracking-footer"]');
      const call = bar.locator('[data-phone-link="tracking-footer"]');
      await expect(call).toHaveCount(0);
      await expect(bar).toContainText('9:00〜19:00');

      // 8:59 is still before 9:00; 9:00 is inside (hour*100+minute is not before the start).
      await page.clock.runFor(60_000);
      await expect(cta).toHaveCount(0);
      await page.clock.runFor(60_000);
      await expect(cta).toBeVisible();
      await expect(call).toBeVisible();
      // 9:02 is still open (not after the end); 9:03 is after it.
      await page.clock.runFor(2 * 60_000);
      await expect(cta).toBeVisible();
      await page.clock.runFor(60_000);
      await expect(cta).toHaveCount(0);
    });

    test('a failing endpoint is ignored: page fine, no cookie, cta shown', async ({
      page,
      context,
      consoleErrors,
    }) => {
      await page.clock.install({ time: tokyo('23:00') });
      let answered!: () => void;
      const failed = new Promise<void>((resolve) => (answered = resolve));
      await routeBusinessTime(page, async (route) => {
        await route.fulfill({ status: 500, json: { error: 'Internal Server Error' } });
        answered();
      });
      await page.goto(`${origin}/`);
      await waitForApp(page);
      await failed;
      // Give the (failed) answer its turn: the next minute's check would hide the cta if the hours
      // had been taken from it.
      await page.clock.runFor(60_000);
      await expect(page.locator('[data-section="cta"]')).toBeVisible();
      expect(await cookieNamed(context, 'business_start_time')).toBeUndefined();
      expect(await cookieNamed(context, 'business_end_time')).toBeUndefined();
      // The browser itself reports the 500; nothing else may go wrong.
      expect(consoleErrors.filter((error) => !/status of 500/.test(error))).toEqual([]);
    });

    test('malformed or unreachable answers are ignored the same way', async ({
      page,
      context,
      consoleErrors,
    }) => {
      await page.clock.install({ time: tokyo('23:00') });
      let calls = 0;
      await page.route(businessTimeGlob, async (route) => {
        calls += 1;
        if (calls === 1) {
          await route.fulfill({
            status: 200,
            json: { start_time: '25:00', end_time: '<b>19</b>' },
          });
        } else {
          await route.abort('connectionrefused');
        }
      });
      await page.goto(`${origin}/`);
      await waitForApp(page);
      await expect.poll(() => calls).toBe(1);
      await page.clock.runFor(60_000);
      await expect(page.locator('[data-section="cta"]')).toBeVisible();
      expect(await cookieNamed(context, 'business_start_time')).toBeUndefined();

      // The next page view asks again (nothing was stored) and the request fails outright.
      await page.reload();
      await waitForApp(page);
      await expect.poll(() => calls).toBe(2);
      await page.clock.runFor(60_000);
      await expect(page.locator('[data-section="cta"]')).toBeVisible();
      expect(await cookieNamed(context, 'business_start_time')).toBeUndefined();
      expect(consoleErrors.filter((error) => !/ERR_CONNECTION_REFUSED/.test(error))).toEqual([]);
    });

    test('a slow endpoint blocks nothing and still applies when it answers', async ({ page }) => {
      await page.clock.install({ time: tokyo('20:30') });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let asked!: () => void;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      await routeBusinessTime(page, async (route) => {
        asked();
        await released;
        await hours('9:00', '19:00')(route);
      });
      await page.goto(`${origin}/`);
      await waitForApp(page);
      await requested;
      // While the answer is pending, the page works: the cta is there and opens the dialog.
      const cta = page.locator('[data-section="cta"]');
      await expect(cta).toBeVisible();
      await cta.getByRole('button').first().click();
      await expect(page.getByRole('dialog', { name: '無料お見積もり依頼' })).toBeVisible();
      await page.getByRole('button', { name: '閉じる' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      release();
      // 20:30 is after 19:00: once the late answer arrives the cta goes, and every number on the
      // page says when it rings: the header's and the footer's.
      await expect(cta).toHaveCount(0);
      const saysClosed = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => {
            const after = getComputedStyle(element, '::after').content;
            return `${element.textContent}${after === 'none' ? '' : after.replace(/"/g, '')}`;
          });
      expect(await saysClosed('header a[href^="tel:"] span')).toBe(
        '通話無料・9:00〜19:00（受付時間外）',
      );
      expect(await saysClosed('footer a[href^="tel:"] + span')).toBe(
        '受付時間 9:00〜19:00（年末年始を除く）・ただいま受付時間外',
      );
    });

    test('an answer slower than the 5 s timeout is dropped: no cookie, cta stays', async ({
      page,
      context,
    }) => {
      await page.clock.install({ time: tokyo('22:00') });
      const failed = page.waitForEvent('requestfailed', {
        predicate: (request) => request.url().includes('/business_time'),
      });
      let asked!: () => void;
      const requested = new Promise<void>((resolve) => (asked = resolve));
      // Never answered: the client's own timeout has to end the request.
      await routeBusinessTime(page, () => {
        asked();
        return new Promise<void>(() => {});
      });
      await page.goto(`${origin}/`);
      await waitForApp(page);
      await requested;
      // The timeout is the page's own timer: run the fake clock past it rather than wait 5 s.
      await page.clock.runFor(5_000);
      await failed;
      await page.clock.runFor(60_000);
      await expect(page.locator('[data-section="cta"]')).toBeVisible();
      expect(await cookieNamed(context, 'business_start_time')).toBeUndefined();
    });

    test('skipped when both cookies exist; asked again when one is missing', async ({
      page,
      context,
    }) => {
      await page.clock.install({ time: tokyo('07:30') });
      const endpoint = await routeBusinessTime(page, hours('9:00', '19:00'));
      await context.addCookies([
        { name: 'business_start_time', value: '8:00', domain: host, path: '/' },
        { name: 'business_end_time', value: '17:00', domain: host, path: '/' },
      ]);
      await page.goto(`${origin}/`);
      await waitForApp(page);
      const cta = page.locator('[data-section="cta"]');
      // 7:30 is before the stored 8:00: the stored hours were used…
      await expect(cta).toHaveCount(0);
      // …and at 8:00 the cta shows: the stored start, not the endpoint's 9:00.
      await page.clock.runFor(30 * 60_000);
      await expect(cta).toBeVisible();
      expect(endpoint.count()).toBe(0);

      await context.clearCookies({ name: 'business_end_time' });
      await page.reload();
      await waitForApp(page);
      await expect.poll(() => endpoint.count()).toBe(1);
      await expect
        .poll(async () => (await cookieNamed(context, 'business_end_time'))?.value)
        .toBe('19:00');
      // 8:00 is before the endpoint's 9:00.
      await expect(cta).toHaveCount(0);
    });
  });
}

// Cookies on the shared domain can be set by any of its subdomains (the column's WordPress
// included): what such a neighbour can toss in must not hide the cta or reach a lead.
for (const brand of oneBrand(1)) {
  const origin = originFor(brand.id);

  test.describe(`${brand.id} cookies tossed by a neighbour`, () => {
    // Which hours no shop keeps is the loader's rule, every such pair unit-tested
    // (tests/business-hours/loadBusinessHours.dom.test.ts); here, that the browser's long-lived
    // cookies are fetched again and overwritten, and the cta follows the new hours.
    test('business hours that no shop keeps (23:59–0:00, expiring in 2100) are fetched again and rewritten', async ({
      page,
      context,
    }) => {
      await page.clock.install({ time: tokyo('12:00') });
      await context.addCookies(
        [
          ['business_start_time', '23:59'],
          ['business_end_time', '0:00'],
        ].map(([name, value]) => ({
          name: name!,
          value: value!,
          url: origin,
          expires: Date.UTC(2100, 0, 1) / 1000,
        })),
      );
      const endpoint = await routeBusinessTime(page, hours('9:00', '19:00'));
      await page.goto(`${origin}/`);
      await waitForApp(page);

      await expect
        .poll(async () => (await cookieNamed(context, 'business_start_time'))?.value)
        .toBe('9:00');
      const end = await cookieNamed(context, 'business_end_time');
      expect(end?.value).toBe('19:00');
      // Rewritten for a day, not left to run until 2100.
      expect(end!.expires).toBeLessThan(Date.UTC(2099, 0, 1) / 1000);
      expect(endpoint.count()).toBe(1);
      // 12:00 is inside 9:00–19:00: the cta stays, a minute later too.
      await page.clock.runFor(60_000);
      await expect(page.locator('[data-section="cta"]')).toBeVisible();
    });

    test('tracking values outside their shape are dropped and never written back', async ({
      page,
      context,
      consoleErrors,
    }) => {
      const hostile = {
        source: '<img src=x onerror=alert(1)>',
        campaign: '=HYPERLINK("https://evil.example","x")',
        gaid: '=HYPERLINK("https://evil.example","x")',
        fbclid: '<img src=x>',
        lp_entry_url: '//evil.example/',
        estimate_generated_url: 'https://evil.example/',
        term: '車検 安い',
      };
      await context.addCookies([
        { name: 'tracking_data', value: encodeURIComponent(JSON.stringify(hostile)), url: origin },
      ]);
      await page.goto(`${origin}/term?utm_medium=cpc`);
      await waitForApp(page);

      const data = await trackingCookieWhere(context, 'inquiry_medium', 'cpc');
      expect(data).toEqual({
        term: '車検 安い',
        inquiry_medium: 'cpc',
        lp_entry_url: '/term?utm_medium=cpc',
        estimate_generated_url: '/term',
      });
      expect(consoleErrors).toEqual([]);
    });
  });
}
