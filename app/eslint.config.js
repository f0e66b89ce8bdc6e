// ESLint for the app (run by ./scripts/test lint): typescript-eslint's type-aware recommended rules,
// the Rules of Hooks, and jsx-a11y. Each rule turned off or relaxed says why.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'test-results', 'playwright-report', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        // The TypeScript files no tsconfig includes get the default project (they import nothing of src/).
        projectService: {
          allowDefaultProject: ['vitest.auth.config.ts', 'scripts/page-dates.d.mts', 'scripts/seo-files.d.mts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // A leading underscore names a parameter kept for its type or position (a fetch double's Request),
      // and a rest sibling is how an object is copied without one key.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Test doubles are async to stand in for the promise-returning APIs they replace (fetch, handlers),
    // and act(async () => ...) is how React Testing Library flushes updates.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['**/*.tsx'],
    rules: {
      // Besides a tab panel: a labelled region takes focus so keyboard users can scroll it (axe's
      // scrollable-region-focusable), and role="application" is ARIA's role for a widget that reads its own keys.
      // Our radio cards hold their text two spans inside the label (label > span > span), one deeper than the default.
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region', 'application'], allowExpressionValues: true }],
    },
  },
  {
    // Plain JavaScript build scripts are not in a tsconfig: no type information to lint them with.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
)
