// Vite config for the client and SSR builds; `npm run build` (prerender/build.ts) drives both.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  define: {
    // The build id is made once per `npm run build` and passed in by prerender/build.ts.
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? 'dev'),
  },
  build: {
    // One stylesheet for the whole site, linked from every prerendered page: the page must be
    // complete from HTML and CSS alone, before any (lazy) script runs.
    cssCodeSplit: false,
    target: 'es2022',
  },
});
