import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FR_IMPORT = {
  name: '@codegouvfr/react-dsfr',
  message:
    "Import `fr` from src/lib/fr.ts: the package's `fr` object adds 13 KB gzip to every page.",
};
const WRAPPED_DSFR_FIELDS = [
  '@codegouvfr/react-dsfr/Checkbox',
  '@codegouvfr/react-dsfr/Input',
  '@codegouvfr/react-dsfr/Select',
  '@codegouvfr/react-dsfr/blocks/PasswordInput',
].map((name) => ({
  name,
  message:
    'Import it from src/features/forms/dsfr-fields.tsx: the same component, whose field in error says so (aria-invalid).',
}));

const NO_INTL =
  "The browser builds Intl's table of locales on first use (30–60 ms of main thread): use src/lib/date.ts, french-format.ts or french-numbers.ts (decision 0020).";

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/web/dist-ssr/**',
      'var/**',
      'apps/web/public/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { paths: [FR_IMPORT, ...WRAPPED_DSFR_FIELDS] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='linkProps'], JSXAttribute[name.name='linkProps']",
          message:
            "DSFR components given `linkProps` need the router's Link: import src/lib/dsfr-router-links.ts in this module and list it in eslint.config.js.",
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'Intl', message: NO_INTL }],
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: NO_INTL,
        })),
      ],
    },
  },
  {
    // The DSFR's fields themselves, wrapped.
    files: ['apps/web/src/features/forms/dsfr-fields.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [FR_IMPORT] }] },
  },
  {
    // The modules that import src/lib/dsfr-router-links.ts.
    files: ['apps/web/src/pages/moderation/team-only.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
);
