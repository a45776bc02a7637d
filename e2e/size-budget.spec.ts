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
  estimateForm: { js: number };
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
      // The estimate form's code and its libraries are never part of the first view.
      expect(sizes.files.join(' ')).not.toMatch(/EstimateForm|axios/);
    });
  }
}

// The form's code is fetched in idle time or at the first interaction: what that costs.
for (const brand of Object.keys(brands)) {
  test(`${brand} estimate form chunk stays within its size budget`, () => {
    const tree = join(distDir, brand);
    const form = lazyChunkSizes(tree, 'EstimateForm', firstViewSizes(tree, 'index.html'));
    expect(form, 'the build has an EstimateForm chunk').toBeDefined();
    expect(form?.js, 'form JS (gzip bytes)').toBeLessThanOrEqual(budgets.estimateForm.js);
  });
}
