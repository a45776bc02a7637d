// Unit and component tests: `npm run test:unit` (vitest run).
// jsdom 29 is pinned: jsdom 30+ crashes on Node 20 (its undici needs Node 22).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: {
    __BUILD_ID__: JSON.stringify('test-build'),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    restoreMocks: true,
  },
});
