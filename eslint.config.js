import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      // The examples' builds too (examples/vscode/dist, which the VS Code test writes).
      '**/dist/',
      'coverage/',
      'storybook-static/',
      'node_modules/',
      'custom-elements.json',
      '.test-results/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  { languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } } },
  litConfigs['flat/recommended'],
  wcConfigs['flat/recommended'],
  {
    settings: { wc: { elementBaseClasses: ['LitElement'] } },
    rules: {
      // Lit binds `this` for @event=${this.handler} listeners.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      // @open-wc/testing makes Chai assertions PromiseLike, so every expect() looks floating.
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['*.js', '*.mjs', 'scripts/**', 'bin/**', 'test/support/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
