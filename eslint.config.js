import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.e2e-data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Imports run one way: app/ → features/ → components/, lib/. A feature never reaches into
    // another feature, and shared widgets never depend on a feature or on the app shell.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    // A feature's tests may mount the whole app, as a user meets the screen.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/',
              message: "Une fonctionnalité n'importe pas une autre fonctionnalité : passer par components/ ou lib/.",
            },
            { regex: '(^|/)features/', message: "Une fonctionnalité n'importe pas une autre fonctionnalité." },
            { regex: '(^|/)app/', message: 'Les fonctionnalités ne dépendent pas de app/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '(^|/)(features|app)/', message: 'components/ et lib/ ne dépendent ni des fonctionnalités ni de app/.' }],
        },
      ],
    },
  },
);
