// Lint: `npm run lint`. Dependencies point one way (app → sections → features → lib);
// the no-restricted-imports blocks below keep them so.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['estimate', 'tracking', 'business-hours', 'build-version', 'brand', 'content'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.build',
      '.data',
      'node_modules',
      'test-results*',
      '*-report',
      'bench/report.*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="dangerouslySetInnerHTML"]',
          message: 'No HTML injection: render text, not HTML.',
        },
      ],
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/app/*', '**/sections/*', ...features.map((f) => `**/${f}/*`)] },
      ],
    },
  },
  {
    files: features.map((f) => `src/${f}/**`),
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/app/*', '**/sections/*'] }],
    },
  },
  {
    files: ['src/sections/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/app/*'] }] },
  },
);
