// Vite config for the client and SSR builds; `npm run build` (prerender/build.ts) drives both.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React, react-dom and the router change rarely: their own chunk stays cached across deploys,
// and `npm run bench` reports it apart from our code.
const framework =
  /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/;

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react()],
  css: {
    // Short class names in production: they are repeated in the HTML, the CSS and the JS.
    modules: mode === 'production' ? { generateScopedName: '_[hash:base64:6]' } : {},
  },
  define: {
    // The build id is made once per `npm run build` and passed in by prerender/build.ts.
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? 'dev'),
    // The moment of the build, the same in the client and SSR builds of one `npm run build` (this
    // config is read once per build in the same process): the estimate form's year options are
    // hydrated with it, as the prerender rendered them, then follow today (EstimateFields.tsx).
    __BUILD_TIME__: String(Number((process.env.BUILD_TIME ??= String(Date.now())))),
  },
  build: {
    // One stylesheet for the whole site, which the prerender inlines into every page's <head>
    // (decision 003): the page must be complete from HTML and CSS alone, before any (lazy)
    // script runs, and a lazy page chunk must never bring CSS of its own.
    cssCodeSplit: false,
    target: 'es2022',
    // Every browser that runs this es2022 bundle supports modulepreload (or simply ignores it).
    modulePreload: {
      polyfill: false,
      // A lazy chunk's list of files to preload leaves out what the entry itself imports (the
      // framework and the bundler runtime): always loaded already, and every name listed costs
      // the entry chunk bytes.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js'
          ? deps.filter((dep) => !/[\\/](framework|rolldown-runtime)-/.test(dep))
          : deps,
    },
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'framework', test: framework }] } } },
  },
}));
