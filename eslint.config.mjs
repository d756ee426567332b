// The linter, run by `npm test` (`npm run lint`): ESLint's and typescript-eslint's recommended
// rules everywhere; in the browser code React's and its accessibility rules, the classic rules of
// hooks (the two Docusaurus's own code follows; the React Compiler's rules would flag upstream's
// patterns in the ejected files) and Docusaurus's own rules.
// Formatting is Prettier's job (.prettierrc.json), not the linter's.
import js from '@eslint/js';
import docusaurus from '@docusaurus/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      'build-*/',
      '.docusaurus/',
      'node_modules/',
      // Seeded violations of the import rules, read by tests/unit/import-rules.test.ts.
      'tests/data/import-rules/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // CommonJS loaders for the bundler (plugins/dependency-patches) require what they use.
    files: ['**/*.cjs'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    languageOptions: {globals: {...globals.node}},
    rules: {
      // `_name` marks a value left unused on purpose (a destructured field dropped, a parameter kept
      // for its position).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_'},
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: {
      ...react.configs.flat.recommended.languageOptions,
      globals: {...globals.browser},
    },
    settings: {react: {version: 'detect'}},
    plugins: {
      '@docusaurus': docusaurus,
      'jsx-a11y': jsxA11y,
      react,
      'react-hooks': reactHooks,
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat['jsx-runtime'].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // TypeScript checks props; components made inside hooks need no display name.
      'react/prop-types': 'off',
      'react/display-name': 'off',
      '@docusaurus/string-literal-i18n-messages': 'error',
      '@docusaurus/no-html-links': 'error',
      '@docusaurus/prefer-docusaurus-heading': 'error',
    },
  },
  {
    // Upstream's own directives in the ejected files stay as upstream wrote them.
    files: ['src/theme/SearchPage/index.tsx'],
    linterOptions: {reportUnusedDisableDirectives: 'off'},
  },
);
