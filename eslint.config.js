// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * Type-aware linting: typescript-eslint's recommended set with type information, which includes
 * no-floating-promises and no-misused-promises (a promise nobody awaits loses its error).
 */
export default defineConfig(
  // Generated files, as in .prettierignore; and dependency-cruiser's CommonJS rule list (npm run lint:layers).
  {
    ignores: [
      '.cache/',
      '.data/',
      'dist/',
      'src/db/migrations/Migration*.ts',
      'packages/client/src/openapi-types.ts',
      'packages/client/dist/',
      '.dependency-cruiser.cjs',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Express tells error handlers by their four parameters; `_` marks the ones kept for that.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  // Plain JavaScript run before anything is compiled (npm start's build step): no type information.
  { files: ['**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
  {
    // Tests read response bodies as untyped JSON (ApiResponse's `any`) and check their shape
    // with expect(): the any-safety rules would flag every such read, and nothing else.
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
);
