// Flat config: recommended JS + TypeScript rules, and the type-aware promise
// rules for the TypeScript the compiler checks (tsconfig.json's include): a
// codebase of streams, servers and child processes must not drop a promise.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What a generator writes (npm run generate) is checked through its generator
  // and its schema: the 245 KB of ajv's standalone validator code took 22 s of
  // the lint's 58 s on 2 cores, and its `eslint-disable` only hides the reports.
  {
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'src/config/schema-validators.ts', 'src/result/result-validator.ts', 'src/workload/words/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', 'vitest.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
