import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { preactAliases, reactLibraries } from './preact-compat'
import { pageDates } from './scripts/page-dates.mjs'

const TIME_ZONE_TESTS = 'src/tools/url-shortener/url-shortener.service.test.ts'

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
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    css: false,
    testTimeout: 20_000,
    server: { deps: { inline: reactLibraries } },
    // Each file still gets its own worker and jsdom; a thread costs less CPU to start and feed than a
    // forked process (issue 36: 179 -> 144 CPU s for the suite). A time zone (TZ) is the process's own,
    // so the file that switches it keeps a process per file. `include` is per project: a shared one
    // would be merged into both and run that file twice.
    projects: [
      { extends: true, test: { name: 'dom', pool: 'threads', include: ['src/**/*.test.{ts,tsx}'], exclude: [TIME_ZONE_TESTS] } },
      { extends: true, test: { name: 'time-zones', pool: 'forks', include: [TIME_ZONE_TESTS] } },
    ],
  },
})
