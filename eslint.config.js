// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/dist-server',
      'cdk.out',
      '.data',
      'artifacts',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
      // Sanitisers and their tests match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // web and lambdas import from shared, never from each other
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/lambdas/**', '@agency/lambdas*'] }],
    },
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/web/src/**', '@agency/web*'] }] },
  },
);
