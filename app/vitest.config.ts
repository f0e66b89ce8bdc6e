import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { preactAliases, reactLibraries } from './preact-compat'
import { pageDates } from './scripts/page-dates.mjs'

export default defineConfig({
  define: { __INFO_PAGE_DATES__: JSON.stringify(pageDates()) },
  plugins: [react()],
  resolve: {
    // ES builds first: their imports of React reach the aliases below (a CommonJS require() would not).
    conditions: ['module', 'browser', 'development'],
    mainFields: ['module', 'main'],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...preactAliases,
      // Its ES build, whose imports of react-dom the aliases above can reach (its CommonJS build requires them).
      { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
    ],
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    testTimeout: 20_000,
    server: { deps: { inline: reactLibraries } },
  },
})
