import type { AuthChangeEvent, Session } from '@supabase/supabase-js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as getMeModule from '@/features/auth/session/api/get-me'
import { resetSessionStoreForTests, startSessionStore, whenSessionWanted } from '@/features/auth/session/session-store'
import { pastFirstPaint } from '@/testing/past-first-paint'
import { stubAuthClient } from '@/testing/stub-auth-client'

// A signed-out visitor (nothing stored): what follows the session (supabase-js, Realtime) waits for them.
type Listener = (event: AuthChangeEvent, session: Session | null) => void
let authEvent: Listener = () => {}
const auth = {
  getSession: vi.fn(),
  onAuthStateChange: vi.fn((listener: Listener) => {
    authEvent = listener
    return { data: { subscription: { unsubscribe: () => {} } } }
  }),
}

beforeEach(() => {
  stubAuthClient().loadAuth.mockResolvedValue(auth as never)
  auth.getSession.mockResolvedValue({ data: { session: null }, error: null })
  vi.spyOn(getMeModule, 'getMe').mockResolvedValue({ is_admin: false, profile: null } as never)
  resetSessionStoreForTests()
})
afterEach(() => resetSessionStoreForTests())

describe('whenSessionWanted, signed out', () => {
  it('starts at the first act on the page, once, and not at the first paint', async () => {
    const start = vi.fn()
    whenSessionWanted(start)
    await pastFirstPaint()
    expect(start).not.toHaveBeenCalled()
    window.dispatchEvent(new Event('pointerdown'))
    window.dispatchEvent(new Event('keydown'))
    expect(start).toHaveBeenCalledTimes(1)
  })

  it('starts at a sign-in without an act (another tab), not at the later click on "Sign out"', async () => {
    const start = vi.fn()
    whenSessionWanted(start)
    await startSessionStore() // a page that needed Auth started it; nobody signed in yet
    expect(start).not.toHaveBeenCalled()
    const session = { access_token: 'access-1', refresh_token: 'r', expires_at: Date.now() / 1000 + 600, expires_in: 600, user: { id: 'u-1' } }
    authEvent('SIGNED_IN', session as unknown as Session)
    expect(start).toHaveBeenCalledTimes(1)
    window.dispatchEvent(new Event('pointerdown'))
    expect(start).toHaveBeenCalledTimes(1)
    await new Promise((resolve) => setTimeout(resolve)) // the lifecycle's own handling, while getMe is stubbed
  })
})
