// Import boundaries mirror docs/architecture.md: views -> machines -> gateway, and the server
// reaches only the contract (src/gateway/contract), the pure lifecycles and locale data.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const viewsImport = { group: ['**/views/**', '**/views'], message: 'Only views import views.' };
const machineImport = {
  group: ['**/machines/*.machine', '**/machines/*.machine.ts', '**/machines/registry*'],
  message: 'Screen machines belong to the browser; import machines/lifecycles instead.',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e-*/**',
      'node_modules/**',
      '.data*/**',
      'test-results/**',
      'playwright-report/**',
      'bench/out/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/machines/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [viewsImport, { group: ['react', 'react-dom', 'react-*'], message: 'Machines hold no React.' }] },
      ],
    },
  },
  {
    files: ['src/machines/lifecycles/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // The status codes are the contract's (one definition per number, issue 9): a lifecycle maps
          // its states onto src/gateway/contract/statuses.ts, a file of constants with no imports, so the
          // lifecycle stays pure and the contract never learns of the machines.
          patterns: [
            {
              regex: '^(?!(xstate|\\./[^/]+|\\.\\./\\.\\./gateway/contract/statuses)$)',
              message: 'A lifecycle machine imports nothing but xstate and the contract status codes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/gateway/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [viewsImport, { group: ['**/machines/**'], message: 'The gateway does not know the machines.' }] },
      ],
    },
  },
  {
    // The contract is shared with the server: no browser client, no React.
    files: ['src/gateway/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            viewsImport,
            { group: ['**/machines/**'], message: 'The gateway does not know the machines.' },
            {
              group: ['**/gateway/client/**', '../client/**', '../../client/**'],
              message: 'The contract is shared with the server; it never imports the browser client.',
            },
            { group: ['react', 'react-dom', 'react-*'], message: 'The contract holds no React.' },
          ],
        },
      ],
    },
  },
  {
    // The statechart toolkit (graph, paths, exploration, inspection bus): no React, no views.
    files: ['src/statecharts/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            viewsImport,
            { group: ['react', 'react-dom', 'react-*'], message: 'The statechart toolkit holds no React.' },
          ],
        },
      ],
    },
  },
  {
    // Web Worker modules and their clients: plain browser code below the machines.
    files: ['src/workers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            viewsImport,
            { group: ['**/machines/**'], message: 'Workers serve the machines; they do not import them.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            viewsImport,
            machineImport,
            { group: ['**/gateway/client/**'], message: 'The server never imports the browser client.' },
            { group: ['react', 'react-dom', 'react-*', '@xstate/react'], message: 'The server holds no React.' },
          ],
        },
      ],
    },
  },
);
