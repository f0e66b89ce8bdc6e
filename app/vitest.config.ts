import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { preactAliases, reactLibraries } from './preact-compat'
import { pageDates } from './scripts/page-dates.mjs'

const TIME_ZONE_TESTS = 'src/tools/url-shortener/url-shortener.service.test.ts'

// `vi.mock` replaces a module for the whole worker and is never undone without isolation (the mock
// would reach later files, and a module an earlier file loaded would stay real); none does today:
// tests spy on a module's exports instead (testing/record-notices.ts, testing/stub-auth-client.ts),
// undone after each test. The offline queue's tests (fake IndexedDB) keep module state no reset
// reaches: a connection, and a sync another file's page started and left running. A file of either
// kind gets a fresh worker of its own. Read from the files themselves, so a new one needs no list.
const SRC = fileURLToPath(new URL('./src', import.meta.url))
const ISOLATED_TESTS = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.test\.tsx?$/.test(path) && /vi\.mock\(|fake-indexeddb/.test(readFileSync(`${SRC}/${path}`, 'utf8')))
  .map((path) => `src/${path}`)

export default defineConfig({
  define: { __INFO_PAGE_DATES__: JSON.stringify(pageDates()) },
  plugins: [react()],
  resolve: {
    // ES builds first: their imports of React reach the aliases below (a CommonJS require() would not).
    conditions: ['module', 'browser', 'development'],
    mainFields: ['module', 'main'],
    alias: [
      { find: '@', replacement: SRC },
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
    unstubEnvs: true,
    css: false,
    testTimeout: 20_000,
    server: { deps: { inline: reactLibraries } },
    // The other files share one worker and one jsdom per thread (`isolate: false`): a fresh worker,
    // jsdom and module graph per file were most of the suite's CPU (issue 36). They start from the
    // same page either way: setup-tests.ts resets what a file may leave behind. A time zone (TZ) is
    // the process's own, so the file that switches it keeps a process per file. `include` is per
    // project: a shared one would be merged into each and run those files twice.
    projects: [
      { extends: true, test: { name: 'dom', pool: 'threads', isolate: false, include: ['src/**/*.test.{ts,tsx}'], exclude: [TIME_ZONE_TESTS, ...ISOLATED_TESTS] } },
      { extends: true, test: { name: 'dom-isolated', pool: 'threads', include: ISOLATED_TESTS } },
      { extends: true, test: { name: 'time-zones', pool: 'forks', include: [TIME_ZONE_TESTS] } },
    ],
  },
})
