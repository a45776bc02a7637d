import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstViewSizes, lazyChunkSizes } from '../bench/sizes';
import { brands } from '../src/brand/brands';
import { pageTable } from '../src/content/pageTable';
import { expect, test } from './fixtures';

type Budget = { js: number; ownJs: number; css: number; html: number };
const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
  landing: Budget;
  textPage: Budget;
  estimateModal: { js: number };
};
const distDir = process.env.DIST_DIR ?? 'dist';

// Sizes, never times: the built first view of each page against the committed budgets.
for (const brand of Object.keys(brands)) {
  for (const { route } of pageTable) {
    const file = `${route}.html`;
    test(`${brand} ${file} first view stays within its size budget`, () => {
      const budget = route === 'index' ? budgets.landing : budgets.textPage;
      const sizes = firstViewSizes(join(distDir, brand), file);
      expect(sizes.js, 'initial JS (gzip bytes)').toBeLessThanOrEqual(budget.js);
      expect(sizes.ownJs, 'our own initial JS (gzip bytes)').toBeLessThanOrEqual(budget.ownJs);
      expect(sizes.css, 'CSS (gzip bytes)').toBeLessThanOrEqual(budget.css);
      expect(sizes.html, 'HTML (gzip bytes)').toBeLessThanOrEqual(budget.html);
      // The estimate modal and its libraries are never part of the first view.
      expect(sizes.files.join(' ')).not.toMatch(/EstimateModal|axios/);
    });
  }
}

// The modal's code is fetched on first open (or just before): what that costs over the network.
for (const brand of Object.keys(brands)) {
  test(`${brand} estimate modal chunk stays within its size budget`, () => {
    const tree = join(distDir, brand);
    const modal = lazyChunkSizes(tree, 'EstimateModal', firstViewSizes(tree, 'index.html'));
    expect(modal, 'the build has an EstimateModal chunk').toBeDefined();
    expect(modal?.js, 'modal JS (gzip bytes)').toBeLessThanOrEqual(budgets.estimateModal.js);
  });
}
