// Import boundaries mirror docs/architecture.md: views -> machines -> gateway, and the server
// reaches only the contract (src/gateway/contract), the pure lifecycles and locale data.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A local ESLint rule for the view zones (docs/decisions.md, "Writes through mutations"): relative
// imports are resolved against the importing file, so `../../billing/x` is caught however deep it sits.
const VIEWS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'views');
/** Folders every area may import: primitives, the console's frame, and what areas truly share. */
const SHARED = ['ui', 'shell', 'common'];
/** Top-level view files an area may import (route tables import route-types; refusals are named by the bridge). */
const TOP_LEVEL_FOR_AREAS = ['route-types', 'gateway-bridge'];
/** The shell draws menus and breadcrumbs from the route table itself. */
const TOP_LEVEL_FOR_SHELL = [...TOP_LEVEL_FOR_AREAS, 'routes'];

const allowedFolders = (folder) =>
  folder === 'ui' ? ['ui'] : folder === 'common' ? ['ui', 'common'] : [...SHARED, folder];

const areaBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'An area of src/views imports only itself, ui/, shell/ and common/.' },
    schema: [],
    messages: {
      area: '{{from}} may not import {{to}}: areas do not import each other (move what they share to views/common).',
      top: '{{from}} may not import the top-level view file {{to}} (only routes.ts, App.tsx and RouteGate.tsx gather the areas).',
    },
  },
  create(context) {
    const from = path.relative(VIEWS, context.filename).split(path.sep);
    if (from[0] === '..' || from.length < 2) return {};
    const folder = from[0];
    const folders = allowedFolders(folder);
    const topLevel = folder === 'shell' ? TOP_LEVEL_FOR_SHELL : folder === 'ui' ? [] : TOP_LEVEL_FOR_AREAS;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = path.relative(VIEWS, path.resolve(path.dirname(context.filename), source)).split(path.sep);
      if (to[0] === '..') return;
      if (to.length === 1) {
        const name = to[0].replace(/\.(ts|tsx|js)$/, '');
        if (!topLevel.includes(name)) context.report({ node, messageId: 'top', data: { from: folder, to: name } });
      } else if (!folders.includes(to[0])) {
        context.report({ node, messageId: 'area', data: { from: folder, to: to[0] } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

const viewsPlugin = { rules: { 'area-boundaries': areaBoundaries } };

/**
 * Send-wizard files another branch is rewriting (paste performance) at the time the bridge rule came in:
 * TagPicker still calls SaveUSMSTag itself. Move it to saveSmsTagMutation (gateway/client/mutations/sms)
 * and empty this list once that branch has landed.
 */

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
    // The one gateway bridge (src/views/gateway-bridge.ts) is the only view that imports the low-level
    // client; views read through gateway/client/queries and write through gateway/client/mutations or a
    // machine (docs/decisions.md, "Writes through mutations").
    files: ['src/views/**/*.{ts,tsx}'],
    ignores: ['src/views/gateway-bridge.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/gateway/client/call*', '**/gateway/client/credentials*', '**/gateway/client/failures*'],
              message:
                'Views do not call the gateway: read with gateway/client/queries, write with gateway/client/mutations or a machine, name a refusal with views/gateway-bridge.',
            },
          ],
        },
      ],
    },
  },
  {
    // Areas do not import each other: an area imports itself, ui/, shell/ and common/ (shared by areas).
    files: ['src/views/**/*.{ts,tsx}'],
    plugins: { views: viewsPlugin },
    rules: { 'views/area-boundaries': 'error' },
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
