import { defineConfig } from 'vitest/config'

// The Auth and Realtime conformance suites (conformance/*/README.md): Node, against the running stack.
// Each test simulates its own devices with their own client addresses, so files may run side by side.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['conformance/auth/**/*.test.ts', 'conformance/realtime/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    retry: 0,
  },
})
