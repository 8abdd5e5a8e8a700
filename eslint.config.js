// ESLint flat config. The engine boundary rules enforce DEVELOPERS.md's "Pure core" and
// "Deterministic engine": src/engine imports nothing from the UI side and reads no clock.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const uiSide = [
  'react',
  'react-dom',
  'react-dom/*',
  'comlink',
  'comlink/*',
  'zustand',
  'zustand/*',
  'd3',
  'd3-*',
];

export default tseslint.config(
  { ignores: ['dist', 'dist-cli', 'node_modules', 'test-results', 'playwright-report', '.prof'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}', 'src/state/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: uiSide.filter((p) => !p.includes('*')),
          patterns: [
            { group: uiSide.filter((p) => p.includes('*')), message: 'src/engine must stay pure.' },
            {
              group: [
                '**/worker/**',
                '**/state/**',
                '**/ui/**',
                '**/cli/**',
                'node:*',
                'fs',
                'path',
                'worker_threads',
              ],
              message: 'src/engine imports nothing from worker, state, ui, cli or Node built-ins.',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use a named, seeded stream from core/rng.' },
        { object: 'Date', property: 'now', message: 'Simulated time only.' },
        { object: 'performance', property: 'now', message: 'Simulated time only.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date']", message: 'Simulated time only.' },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'performance', 'navigator', 'self'],
    },
  },
  {
    files: ['src/worker/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/state/**', '**/ui/**', 'react', 'zustand'],
              message: 'Imports flow engine ← worker ← state ← ui.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/state/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/ui/**'], message: 'Imports flow engine ← worker ← state ← ui.' }] },
      ],
    },
  },
);
