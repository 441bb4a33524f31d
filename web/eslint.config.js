// Lint of the web client (npm run lint, run by ops/test with no warning allowed).
// Generated API files are not linted: they are regenerated from schemas/openapi.json.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import daftar from './eslint-rules/layers.js';

export default defineConfig(
  globalIgnores(['dist', 'test-results', 'node_modules', 'src/api/generated.ts', 'src/api/schema.d.ts']),
  {
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The dependency arrows (README "Layout"): shared (components, lib, api, i18n) ← features ← app,
    // and no feature imports another one (eslint-rules/layers.test.js shows the rule firing).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { daftar },
    rules: {
      'daftar/layers': [
        'error',
        { shared: ['components', 'lib', 'api', 'i18n'], featuresMayImportFromApp: ['app/paths'] },
      ],
    },
  },
  {
    // Yup's builders come from lib/validation, which first sets Yup's default messages to
    // catalogue keys (lib/yup-locale.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/validation.ts', 'src/lib/yup-locale.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'yup', message: "Import Yup's builders from '@/lib/validation'." }] },
      ],
    },
  },
  {
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', 'eslint-rules/**/*.js', '*.cjs', '*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Browser tests hand functions to the page (page.evaluate): they run there.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
