// Unit and component tests: `npm run test:unit` (vitest run).
// Two projects, chosen by file name so new tests follow the rule without a per-file comment:
// - `*.test.ts` run in Node: logic, content, server, prerender. Starting jsdom costs about a
//   second per file, half of the old unit run; a test here that touches `document` fails loudly
//   (ReferenceError), which means it belongs in the other project.
// - `*.test.tsx` and `*.dom.test.ts` run in jsdom: components, hooks, and code that reads the
//   browser's document, storage, cookies or location.
// - `tests/server/**/*.d1.test.ts` run apart (`npm run test:d1`, vitest.d1.config.ts): Node 22.
// jsdom 29 is pinned: jsdom 30+ crashes on Node 20 (its undici needs Node 22).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const domTests = ['tests/**/*.test.tsx', 'tests/**/*.dom.test.ts'];

export default defineConfig({
  plugins: [react()],
  define: {
    __BUILD_ID__: JSON.stringify('test-build'),
    __BUILD_TIME__: String(Date.parse('2026-05-10T01:00:00Z')),
  },
  test: {
    // One worker per core. Vitest's default leaves a core to its main process (cores - 1): on the
    // 2-core CI machine that is one worker, and the run took a third longer (92 s against 70 s).
    maxWorkers: '100%',
    globals: true,
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: [...domTests, 'tests/server/**/*.d1.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: domTests,
          setupFiles: ['tests/setup.ts'],
        },
      },
    ],
  },
});
