import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Import boundaries: the layout is the architecture, and lint keeps it so.
 * `shared` imports nothing of ours; `web`, `server` and `electron` only
 * `shared`; migrations stand alone; one server feature reaches another only
 * through services handed in (type imports are fine); the page cache is
 * reached through `server/site/page-cache/page-cache.ts` alone.
 */
const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});
const outside = (folders, message) => ({
  regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`,
  message,
});
/** The page cache is one boundary: its files import each other, the rest only page-cache.ts. */
const pageCacheInside = {
  regex: '(^|/)page-cache/(?!page-cache$)',
  message: 'Import the page cache from page-cache/page-cache.ts, its one boundary.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'out',
      'release',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    files: ['server/cli/**', 'scripts/**', 'bench/**', 'tests/stress/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['shared/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict({
      regex: '^\\.\\./',
      message: 'shared/ is used by every side and imports nothing of ours outside shared/.',
    }),
  },
  {
    files: ['web/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: restrict(
      outside(
        ['server', 'electron', 'migrations'],
        'web/ may import shared/ only, never server code.',
      ),
    ),
  },
  {
    files: ['electron/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict(outside(['server', 'web', 'migrations'], 'electron/ may import shared/ only.')),
  },
  {
    files: ['migrations/**'],
    rules: restrict({
      regex: '^\\.\\./|^#',
      message: 'Migrations are immutable and plain: they never import application code.',
    }),
  },
  {
    files: ['server/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      outside(['web', 'electron'], 'server/ may import shared/ only, never web code.'),
      pageCacheInside,
    ),
  },
  {
    files: ['server/**/*.test.ts', 'tests/**'],
    ignores: ['server/site/page-cache/**'],
    rules: restrict(pageCacheInside),
  },
  {
    files: ['server/**'],
    ignores: ['**/*.test.ts', 'server/http/router.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "CallExpression[callee.name='Router']",
          "CallExpression[callee.property.name='Router']",
        ].map((selector) => ({
          selector,
          message:
            'Make routers with createRouter() (server/http/router.ts): case-sensitive and strict.',
        })),
      ],
    },
  },
  {
    files: ['server/features/**'],
    ignores: ['**/*.test.ts'],
    rules: restrict(
      outside(['web', 'electron'], 'server/ may import shared/ only, never web code.'),
      {
        regex: '^\\.\\./(?!\\.\\.)[^/]+/',
        allowTypeImports: true,
        message:
          'A feature reaches another only through the service services.ts hands in (import its type).',
      },
      pageCacheInside,
    ),
  },
);
