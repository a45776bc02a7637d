import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstViewSizes, formCodeChunks, formCodeSizes } from '../bench/sizes';
import { measureWorker } from '../bench/workerSize';
import { brands, defaultBrandId } from '../src/brand/brands';
import { pageTable } from '../src/content/pageTable';
import { expect, test } from './fixtures';

type Budget = { js: number; ownJs: number; css: number; html: number };
const budgets = JSON.parse(readFileSync('bench/budgets.json', 'utf8')) as {
  landing: Budget;
  textPage: Budget;
  estimateForm: { js: number };
  worker: { gzip: number };
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
      // The estimate form's code and its aids' libraries are never part of the first view.
      for (const chunk of formCodeChunks)
        expect(sizes.files.join(' ')).not.toContain(`/assets/${chunk}-`);
    });
  }
}

// The form's code is fetched in idle time or at the first interaction, its aids once it has taken
// over: what that costs, together.
for (const brand of Object.keys(brands)) {
  test(`${brand} estimate form code with its aids stays within its size budget`, () => {
    const tree = join(distDir, brand);
    const form = formCodeSizes(tree, firstViewSizes(tree, 'index.html'));
    expect(form.missing, 'every chunk of the form code is in the build').toEqual([]);
    expect(form.js, 'form JS (gzip bytes)').toBeLessThanOrEqual(budgets.estimateForm.js);
  });
}

// The Worker's script as wrangler bundles it for a deploy (a few seconds): over the budget, what
// grew belongs in the brand tree, read through ASSETS, as the postal data is.
test("the Worker's script stays within its size budget", () => {
  test.slow();
  const { gzipBytes } = measureWorker(defaultBrandId, { distDir });
  expect(gzipBytes, "the Worker's script (gzip bytes)").toBeLessThanOrEqual(budgets.worker.gzip);
});
