import { vi } from 'vitest'
import * as authClient from '@/features/auth/client/auth-client'

// Stands in for the Auth client's loader and the stored-session clean-up, as `vi.fn()`s would: spies
// on the module's exports rather than a module mock, which would outlive the file in the shared
// worker (vitest.config.ts); `restoreMocks` undoes them before the next test. Call it in a `beforeEach`,
// then give `loadAuth` the client the test needs (`vi.mocked(loadAuth).mockResolvedValue(auth)`).
export function stubAuthClient() {
  return {
    loadAuth: vi.spyOn(authClient, 'loadAuth').mockReturnValue(undefined as never),
    clearStoredSession: vi.spyOn(authClient, 'clearStoredSession').mockResolvedValue(undefined),
  }
}
