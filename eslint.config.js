// The web app's front end is checked as it is served: ES modules in the browser, no build step.
import js from '@eslint/js';
import globals from 'globals';

export default [
  js.configs.recommended,
  {
    files: ['src/furuba/server/web/js/**/*.js'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-unused-vars': ['error', { args: 'after-used', argsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-undef': 'error',
      'prefer-const': 'error',
      'no-var': 'error',
      'no-shadow-restricted-names': 'error',
      'no-implicit-globals': 'error',
      'no-self-compare': 'error',
      'no-template-curly-in-string': 'error',
      'no-unmodified-loop-condition': 'error',
      'no-unreachable-loop': 'error',
      'no-use-before-define': ['error', { functions: false, classes: false, variables: true }],
      'no-constructor-return': 'error',
      'no-promise-executor-return': 'error',
      'array-callback-return': 'error',
      'no-await-in-loop': 'off',
      'no-return-assign': ['error', 'except-parens'],
      'no-new-wrappers': 'error',
      'no-throw-literal': 'error',
    },
  },
  {
    files: ['src/furuba/server/web/js/offline-worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
];
