import { defineConfig } from 'vitest/config'

// The Auth conformance suite (conformance/auth/README.md): Node, against a running Auth server.
// Each test simulates its own devices with their own client addresses, so files may run side by side.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['conformance/auth/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    retry: 0,
  },
})
