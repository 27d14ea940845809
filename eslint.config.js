// Lint rules: the recommended sets of ESLint and typescript-eslint, with the few exceptions the code conventions explain.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './lint/import-layers.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'cassettes/', '.tmp/', 'dist/', 'dist.staged/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['bin/*.js', 'scripts/*.js'], languageOptions: { globals: { process: 'readonly' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Control characters are matched on purpose (XML escaping, raw HTTP parsing).
      'no-control-regex': 'off',
      // `let timer` assigned inside a callback reads better than a holder object.
      'prefer-const': ['error', { destructuring: 'all', ignoreReadBeforeAssign: true }],
    },
  },
  // Imports follow ARCHITECTURE.md's table (lint/import-layers.js holds it).
  { files: ['harness/**/*.ts', 'bin/**/*.ts', 'reference/**/*.ts'], plugins: { layers: layersPlugin }, rules: { 'layers/allowed-imports': 'error' } },
);
