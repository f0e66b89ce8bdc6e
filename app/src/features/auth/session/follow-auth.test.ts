import { afterEach, beforeEach, describe, expect, it, type MockInstance } from 'vitest'
import type * as authClient from '@/features/auth/client/auth-client'
import { resetSessionStoreForTests, subscribeToSession } from '@/features/auth/session/session-store'
import { pastFirstPaint } from '@/testing/past-first-paint'
import { stubAuthClient } from '@/testing/stub-auth-client'

// supabase-js (~50 KB gzip) follows a session the stored keys already answer: a first visit, signed
// out, must not parse it while the page loads; loadAuth is what would fetch it (never resolving here).
let loadAuth: MockInstance<typeof authClient.loadAuth>
beforeEach(() => {
  loadAuth = stubAuthClient().loadAuth.mockImplementation(() => new Promise(() => {}))
  localStorage.clear()
})
afterEach(() => {
  localStorage.clear()
  resetSessionStoreForTests()
})

describe("a session reader's Auth client", () => {
  it('waits for a signed-out visitor to act on the page, then loads once', async () => {
    resetSessionStoreForTests()
    const stop = subscribeToSession(() => {})
    subscribeToSession(() => {})
    await pastFirstPaint()
    expect(loadAuth).not.toHaveBeenCalled()
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }))
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }))
    expect(loadAuth).toHaveBeenCalledTimes(1)
    stop()
  })

  it("follows a signed-in visitor's session after the first paint, without waiting for an act", async () => {
    localStorage.setItem('auth_token', JSON.stringify('x.eyJzdWIiOiJ1LTEiLCJhYWwiOiJhYWwxIn0.y'))
    localStorage.setItem('refresh_token', JSON.stringify('r'))
    localStorage.setItem('session_expiry', JSON.stringify(Date.now() + 600_000))
    localStorage.setItem('user_data', JSON.stringify({ id: 'u-1', email: 'ada@example.com', factors: [] }))
    resetSessionStoreForTests()
    subscribeToSession(() => {})
    expect(loadAuth).not.toHaveBeenCalled() // signed in from the stored keys: nothing to wait for
    await pastFirstPaint()
    expect(loadAuth).toHaveBeenCalledTimes(1)
  })
})
