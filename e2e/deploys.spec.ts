// Issue 6, deploys without broken tabs: a tab open across a deploy moves onto the new build with
// one fresh load at a moment that costs the visitor nothing, and recovers from files the deploy
// removed (lazy chunks, page payloads) without looping. Both brands, in a real browser.
import type { Browser, Page, Request } from '@playwright/test';
import { expect, hostFor, originFor, port, test, waitForApp, oneBrand } from './fixtures';

const latestGlob = '**/_app/builds/latest.json*';
const newBuild = { id: 'other', timestamp: 1 };
const hour = 60 * 60_000;
const errorTitle = 'ページを表示できませんでした。';
const googlebot = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

/** Counts full page loads (the first one included) of the main frame. */
function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

/** Answers latest.json with `body` (once `held` settles, if given) and records each poll. */
async function routeLatest(
  page: Page,
  body: { json: unknown } | { html: string } = { json: newBuild },
  held?: Promise<void>,
): Promise<Request[]> {
  const polls: Request[] = [];
  await page.route(latestGlob, async (route) => {
    polls.push(route.request());
    await held;
    if ('json' in body) await route.fulfill({ status: 200, json: body.json });
    else await route.fulfill({ status: 200, contentType: 'text/html', body: body.html });
  });
  return polls;
}

/**
 * Opens `path` and waits until the background tasks (version poller) run: they start in idle
 * time after hydration and first fetch this build's meta file.
 */
async function openWithPoller(page: Page, url: string): Promise<void> {
  const meta = page.waitForResponse(/\/_app\/builds\/meta\/[^/]+\.json$/);
  await page.goto(url);
  await waitForApp(page);
  await meta;
}

/** Lets the page's own tasks (not timers, which the fake clock holds) run a few turns. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 5; i += 1) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

async function errorPageShown(page: Page): Promise<boolean> {
  return page.getByRole('heading', { name: errorTitle }).isVisible();
}

async function botPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    userAgent: googlebot,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
  });
  await context.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  return context.newPage();
}

for (const brand of oneBrand(0)) {
  const origin = originFor(brand.id);

  test.describe(`${brand.id} new build`, () => {
    test('an idle page polls after the interval and reloads exactly once', async ({ page }) => {
      await page.clock.install();
      const loads = countLoads(page);
      const polls = await routeLatest(page);
      await openWithPoller(page, `${origin}/?utm_source=ad`);
      expect(polls).toHaveLength(0);

      // Just short of the interval: nothing yet.
      await page.clock.runFor(hour - 60_000);
      await settle(page);
      expect(polls).toHaveLength(0);
      expect(loads()).toBe(1);

      const reloaded = page.waitForEvent('load');
      await page.clock.runFor(60_000);
      await reloaded;
      expect(polls).toHaveLength(1);
      const polled = new URL(polls[0]!.url());
      expect(polled.pathname).toBe('/_app/builds/latest.json');
      expect(Number(polled.searchParams.get('t'))).toBeGreaterThan(0);
      // The same URL, query included, on the new build; the guard is stamped for the path.
      await expect(page).toHaveURL(`${origin}/?utm_source=ad`);
      await waitForApp(page);
      expect(await page.evaluate(() => sessionStorage.getItem('reload_guard:/'))).toMatch(/^\d+$/);

      // The reloaded page waits a full interval again before it polls: no second load.
      await page.clock.runFor(10 * 60_000);
      await settle(page);
      expect(loads()).toBe(2);
      expect(polls).toHaveLength(1);
    });

    test('focus polls at most every 5 minutes; the same build does not reload', async ({
      page,
    }) => {
      await page.clock.install();
      const loads = countLoads(page);
      const current = await page.request.get(`http://127.0.0.1:${port}/_app/builds/latest.json`, {
        headers: { Host: hostFor(brand.id) },
      });
      const polls = await routeLatest(page, { json: await current.json() });
      await openWithPoller(page, `${origin}/`);

      await page.clock.runFor(60_000);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await settle(page);
      expect(polls).toHaveLength(0);

      await page.clock.runFor(5 * 60_000);
      const polled = page.waitForRequest(/latest\.json/);
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await polled;
      await page.clock.runFor(10_000);
      await settle(page);
      expect(polls).toHaveLength(1);
      expect(loads()).toBe(1);
    });

    test('a body that is not the build JSON (an HTML fallback) never reloads', async ({ page }) => {
      await page.clock.install();
      const loads = countLoads(page);
      const polls = await routeLatest(page, {
        html: '<!doctype html><html><body>Not here</body></html>',
      });
      await openWithPoller(page, `${origin}/`);
      const polled = page.waitForResponse(/latest\.json/);
      await page.clock.runFor(hour);
      await polled;
      await settle(page);
      await page.clock.runFor(10_000);
      await settle(page);
      expect(polls).toHaveLength(1);
      expect(loads()).toBe(1);
      expect(await errorPageShown(page)).toBe(false);
    });

    test('waits while the estimate dialog holds input, keeps the draft, reloads once it is free', async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.clock.install();
      const loads = countLoads(page);
      const polls = await routeLatest(page);
      await openWithPoller(page, `${origin}/`);

      await page.getByRole('banner').getByRole('button', { name: '無料見積もり' }).click();
      const dialog = page.getByRole('dialog', { name: '無料お見積もり依頼' });
      await expect(dialog).toBeVisible();
      const model = dialog.getByRole('textbox', { name: '車種' });
      await model.fill('プリウス');

      const polled = page.waitForResponse(/latest\.json/);
      await page.clock.runFor(hour);
      await polled;
      await settle(page);
      await page.clock.runFor(30_000);
      await settle(page);
      expect(polls).toHaveLength(1);
      expect(loads()).toBe(1);
      await expect(dialog).toBeVisible();
      await expect(model).toHaveValue('プリウス');
      expect(await page.evaluate(() => sessionStorage.getItem('estimate_draft'))).toContain(
        'プリウス',
      );

      // The visitor clears the field and closes the dialog: nothing is held any more.
      await model.fill('');
      const reloaded = page.waitForEvent('load');
      await dialog.getByRole('button', { name: '閉じる' }).click();
      await reloaded;
      await waitForApp(page);
      expect(loads()).toBe(2);
    });

    test('the next in-app navigation becomes a full load of its target', async ({ page }) => {
      await page.clock.install();
      const loads = countLoads(page);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const polls = await routeLatest(page, { json: newBuild }, held);
      await openWithPoller(page, `${origin}/`);

      // Stop the clock before the poll is due and run it past the poll, answering the poll only
      // once the clock stands still: the idle-time reload the answer schedules (fake idle
      // callbacks fire after 0-50 ms of clock time) then cannot run before the click.
      await page.clock.pauseAt(Date.now() + hour / 2);
      const polled = page.waitForResponse(/latest\.json/);
      // Up to the poll in steps of a second, not past it: a request held longer than the
      // housekeeping timeout (src/lib/withTimeout.ts) counts as failed.
      await page.clock.runFor(hour / 2 - 60_000);
      for (let step = 0; step < 180 && polls.length === 0; step += 1) {
        await page.clock.runFor(1_000);
      }
      release();
      await polled;
      await settle(page);
      expect(polls).toHaveLength(1);

      const document = page.waitForRequest(
        (request) => request.resourceType() === 'document' && request.url() === `${origin}/term`,
      );
      await page.getByRole('link', { name: '利用規約' }).first().click();
      await document;
      await page.clock.resume();
      await expect(page).toHaveURL(`${origin}/term`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('利用規約');
      await waitForApp(page);
      expect(loads()).toBe(2);
    });
  });

  test.describe(`${brand.id} files a deploy removed`, () => {
    test('a lazy chunk that always fails: one reload, then the error page, no loop', async ({
      page,
    }) => {
      await page.clock.install();
      const loads = countLoads(page);
      await page.route('**/assets/TextPageRoute-*.js', (route) => route.abort());
      await page.goto(`${origin}/`);
      await waitForApp(page);

      await page.getByRole('link', { name: '利用規約' }).first().click();
      await expect(page.getByRole('heading', { name: errorTitle })).toBeVisible();
      await expect(page).toHaveURL(`${origin}/term`);
      expect(loads()).toBe(2);
      expect(await page.evaluate(() => sessionStorage.getItem('reload_guard:/term'))).toMatch(
        /^\d+$/,
      );
      await expect(page.getByRole('button', { name: 'ページを再読み込み' })).toBeVisible();

      // The guard holds for 10 s: nothing reloads again meanwhile.
      await page.clock.runFor(9_000);
      await settle(page);
      expect(loads()).toBe(2);
      await expect(page.getByRole('heading', { name: errorTitle })).toBeVisible();

      // The button is the visitor's own retry.
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'ページを再読み込み' }).click();
      await reloaded;
      expect(loads()).toBe(3);
    });

    test('a payload that answers 404 once: the page recovers with one load', async ({
      page,
      consoleErrors,
    }) => {
      const loads = countLoads(page);
      let failures = 0;
      await page.route('**/payload/term.json', async (route) => {
        if (failures === 0) {
          failures += 1;
          await route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' });
        } else {
          await route.continue();
        }
      });
      await page.goto(`${origin}/`);
      await waitForApp(page);

      await page.getByRole('link', { name: '利用規約' }).first().click();
      await expect(page).toHaveURL(`${origin}/term`);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('利用規約');
      await waitForApp(page);
      expect(failures).toBe(1);
      expect(loads()).toBe(2);
      expect(await errorPageShown(page)).toBe(false);
      // Then client navigation works as before.
      await page.getByRole('link', { name: 'プライバシーポリシー' }).first().click();
      await expect(page).toHaveURL(`${origin}/privacypolicy`);
      expect(loads()).toBe(2);
      expect(consoleErrors.filter((error) => !/404|page error|Payload failed/.test(error))).toEqual(
        [],
      );
    });
  });

  test.describe(`${brand.id} bots`, () => {
    test('a bot never sees the error page nor reloads in a loop, and never polls', async ({
      browser,
    }) => {
      const page = await botPage(browser);
      await page.clock.install();
      const loads = countLoads(page);
      const polls = await routeLatest(page);
      await page.route('**/assets/TextPageRoute-*.js', (route) => route.abort());
      await openWithPoller(page, `${origin}/`);

      const reloaded = page.waitForEvent('load');
      await page.getByRole('link', { name: '利用規約' }).first().click();
      await reloaded;
      await expect(page).toHaveURL(`${origin}/term`);
      await waitForApp(page);
      await page.clock.runFor(hour + 60_000);
      await settle(page);
      expect(await errorPageShown(page)).toBe(false);
      // One guarded load of the target, then nothing more.
      expect(loads()).toBe(2);
      expect(polls).toHaveLength(0);
      await page.context().close();
    });

    test('a bot still gets the not-found page for an unknown path', async ({ browser }) => {
      const page = await botPage(browser);
      const response = await page.goto(`${origin}/no-such-page`);
      expect(response?.status()).toBe(404);
      await waitForApp(page);
      await expect(
        page.getByRole('heading', { name: 'ページが見つかりませんでした。' }),
      ).toBeVisible();
      expect(await errorPageShown(page)).toBe(false);
      await page.context().close();
    });
  });
}
