// Vite config for the client and SSR builds; `npm run build` (prerender/build.ts) drives both.
import { createHash } from 'node:crypto';
import { relative, resolve as resolvePath } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// React, react-dom and the router change rarely: their own chunk stays cached across deploys,
// and `npm run bench` reports it apart from our code.
const framework =
  /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler|cookie|set-cookie-parser)[\\/]/;

const scopedNames = new Map<string, string>();

/**
 * A CSS module class's name in production: `_` and five characters of a hash of its file and
 * name, the same in the client and SSR builds. Short, because each name is repeated in the HTML,
 * the CSS and the JS; two classes that would share one fail the build instead of sharing styles.
 */
function scopedName(name: string, filename: string): string {
  const key = `${relative(import.meta.dirname, filename.split('?')[0]!)}:${name}`;
  const scoped = `_${createHash('sha256').update(key).digest('base64url').slice(0, 5)}`;
  const owner = scopedNames.get(scoped);
  if (owner !== undefined && owner !== key) {
    throw new Error(`CSS modules: ${owner} and ${key} both become ${scoped}; lengthen the hash`);
  }
  scopedNames.set(scoped, key);
  return scoped;
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react()],
  // React Router's package exports name only its development build, whose warnings (and their
  // code) ship unless a build picks the production one, as its own Vite plugin does; the two
  // differ in ENABLE_DEV_WARNINGS alone. Production builds take the production files.
  resolve: {
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: resolvePath(
                import.meta.dirname,
                'node_modules/react-router/dist/production/index.mjs',
              ),
            },
            {
              find: /^react-router\/dom$/,
              replacement: resolvePath(
                import.meta.dirname,
                'node_modules/react-router/dist/production/dom-export.mjs',
              ),
            },
          ]
        : [],
  },
  css: {
    modules: mode === 'production' ? { generateScopedName: scopedName } : {},
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
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: framework },
                // Helpers of a few lines that several lazy chunks share, all in the landing page's
                // first view: one small chunk, not one each (each costs its own imports).
                { name: 'shared', test: /src[\\/]lib[\\/](pendingInput|plainFormats)\.ts$/ },
                // The furigana's library, loaded once the form's code has taken over: named, so
                // the form's size budget (bench/sizes.ts formCodeChunks) finds it.
                { name: 'autokana', test: /node_modules[\\/]vanilla-autokana[\\/]/ },
              ],
            },
          },
        },
  },
}));
