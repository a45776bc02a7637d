import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { brandIds, brands, localOrigin, type Brand, type BrandId } from '../src/brand/brands';
import type { LandingContent } from '../src/content/types';
import { pageTable } from '../src/content/pageTable';
import {
  businessEndCookieName,
  businessStartCookieName,
} from '../src/business-hours/loadBusinessHours';
import { storedFor as storedIn, type LeadServer, type StaffLead } from './leadRecords';
import { exportSecret, mailDir, port, staffSecret } from './server';

export { expect };

export { mailDir, port };

/** The origin each brand is served on by the server of this run (deploy/cloudflare/dev.ts). */
export function originFor(brand: BrandId): string {
  return localOrigin(brand, port);
}

/** Host header of a brand, for raw HTTP requests (Node does not resolve *.localhost). */
export function hostFor(brand: BrandId): string {
  return new URL(originFor(brand)).host;
}

/** The server of this run, opened to the specs as staff (playwright.config.ts sets the secrets). */
export const leadServer: LeadServer = {
  port,
  host: hostFor,
  exportSecret,
  staffSecret,
};

/** Every lead `brand` stored for `email` (the CSV export, then the staff API). */
export function storedFor(brand: BrandId, email: string): Promise<StaffLead[]> {
  return storedIn(leadServer, brand, email);
}

/**
 * Business hours that span the day, as cookies, for a page opened after this: the cta is shown
 * from the first render and stays (no hours request can hide it later and move what is below).
 */
export async function openAllDay(context: BrowserContext, brand: BrandId): Promise<void> {
  const url = originFor(brand);
  await context.addCookies([
    { name: businessStartCookieName, value: '0:00', url },
    { name: businessEndCookieName, value: '23:59', url },
  ]);
}

/** Every page's path, from the page table. */
export const pagePaths = pageTable.map((page) => page.path);

export const brandList = Object.values(brands);

/**
 * For a flow whose code does not depend on the brand (a deploy's reload, the estimate forms and
 * their aids, the price check, the hours and cookies): one brand, a different one per spec, so
 * both brands run some of these flows and the suite keeps its 10 minutes. Each brand's pages,
 * copy, headers and answers are checked for both brands by skeleton, landing, a11y and security
 * here, and by the smoke suite.
 */
export function oneBrand(turn: number) {
  return [brandList[turn % brandList.length]!];
}

/** Each brand's landing-page copy, from its folder (src/content/<id>/landing.ts). */
export const landings = Object.fromEntries(
  await Promise.all(
    brandIds.map(async (id) => {
      const module = (await import(`../src/content/${id}/landing`)) as { landing: LandingContent };
      return [id, module.landing] as const;
    }),
  ),
) as Record<BrandId, LandingContent>;

/** Every brand but `brand`: what its pages must never show. */
export function otherBrands(brand: Brand): Brand[] {
  return brandList.filter((other) => other.id !== brand.id);
}

/**
 * The `data-section` names of a brand's landing-page body, in its order (the brand table): a
 * section id without its place number (`simple-form-2` is a `simple-form`).
 */
export function bodySections(brand: Brand): string[] {
  return brand.sections.map((id) => id.replace(/-\d+$/, ''));
}

/** How many simple forms a brand's landing page has. */
export function simpleFormCount(brand: Brand): number {
  return bodySections(brand).filter((name) => name === 'simple-form').length;
}

type Fixtures = {
  /** Console errors and page errors seen while the test ran (checked by tests that care). */
  consoleErrors: string[];
};

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) {
        errors.push(message.text());
      }
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    await use(errors);
  },
  page: async ({ page }, use) => {
    // The tag manager cannot load here: answer its script with an empty one (an aborted request
    // would log a console error). Tests that need it unreachable abort it themselves.
    await page.route(/googletagmanager\.com|google-analytics\.com/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await use(page);
  },
});

/** Waits until React has hydrated (the client entry marks <html> when the app is interactive). */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** Opens the landing page with the cta in business hours (its hours cookies span the day). */
export async function openLanding(page: Page, brand: BrandId, query = ''): Promise<void> {
  await openAllDay(page.context(), brand);
  await page.goto(`${originFor(brand)}/${query}`);
  await waitForApp(page);
}
