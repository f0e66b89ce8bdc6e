import type { AuthChangeEvent, Session } from '@supabase/supabase-js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getMe, type Me } from '@/features/auth/session/api/get-me'
import { setSessionNavigator } from '@/features/auth/session/navigation'
import { resetSessionLifecycleForTests, startSessionLifecycle } from '@/features/auth/session/session-lifecycle'
import { addAdminStatusSource } from '@/features/auth/session/admin-check'
import { getAdminStatus, recheckAdminStatus, setAdminStatus } from '@/lib/admin-status'
import type { ChangeSource } from '@/lib/change-sources'
import * as getMeModule from '@/features/auth/session/api/get-me'
import { recordNotices } from '@/testing/record-notices'

// SPEC §6: admin status from GET /api/me, re-checked on auth change and on window focus.
const HOUR = 3_600_000
const user = { id: 'u-1', email: 'ada@example.com' }
const me = (isAdmin: boolean) => ({ user, profile: null, is_admin: isAdmin }) as unknown as Me

function session(token: string): Session {
  return { access_token: token, refresh_token: `r-${token}`, expires_at: (Date.now() + HOUR) / 1000, expires_in: 3600, user } as unknown as Session
}

async function start(initial: Session | null) {
  let listener: (event: AuthChangeEvent, session: Session | null) => void = () => {}
  const auth = {
    getSession: vi.fn().mockResolvedValue({ data: { session: initial }, error: null }),
    refreshSession: vi.fn(),
    signOut: vi.fn().mockResolvedValue({ error: null }),
    onAuthStateChange: vi.fn((callback: typeof listener) => {
      listener = callback
      return { data: { subscription: { unsubscribe: () => {} } } }
    }),
  }
  await startSessionLifecycle(auth as never, () => {})
  await vi.advanceTimersByTimeAsync(0)
  return async (event: AuthChangeEvent, changed: Session | null) => {
    listener(event, changed)
    await vi.advanceTimersByTimeAsync(0)
  }
}

async function focusWindow() {
  window.dispatchEvent(new Event('focus'))
  await vi.advanceTimersByTimeAsync(0)
}

beforeEach(() => {
  vi.useFakeTimers()
  recordNotices()
  vi.spyOn(getMeModule, 'getMe').mockReturnValue(undefined as never)
  vi.clearAllMocks()
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  localStorage.clear()
  setSessionNavigator(vi.fn())
  setAdminStatus('checking')
})
afterEach(() => {
  resetSessionLifecycleForTests()
  vi.useRealTimers()
})

describe('admin status', () => {
  it('comes from GET /api/me when the session starts, with the user’s token', async () => {
    vi.mocked(getMe).mockResolvedValue(me(true))
    await start(session('access-1'))
    expect(getMe).toHaveBeenCalledWith('access-1')
    expect(getAdminStatus()).toBe('admin')
  })

  it('is asked again when the window regains focus, so a revoked role shows without a reload', async () => {
    vi.mocked(getMe).mockResolvedValue(me(true))
    await start(session('access-1'))
    vi.mocked(getMe).mockResolvedValue(me(false))
    await focusWindow()
    expect(getMe).toHaveBeenCalledTimes(2)
    expect(getAdminStatus()).toBe('not-admin')
    vi.mocked(getMe).mockResolvedValue(me(true))
    recheckAdminStatus()
    await vi.advanceTimersByTimeAsync(0)
    expect(getAdminStatus()).toBe('admin')
  })

  it('is asked again when an added source reports a change to user_roles, and stops with the watch', async () => {
    let changed: (() => void) | undefined
    const userRoles: ChangeSource = (onChange) => {
      changed = onChange
      return () => (changed = undefined)
    }
    vi.mocked(getMe).mockResolvedValue(me(false))
    await start(session('access-1'))
    addAdminStatusSource(userRoles) // added while the watch runs: started at once
    vi.mocked(getMe).mockResolvedValue(me(true))
    changed?.()
    await vi.advanceTimersByTimeAsync(0)
    expect(getMe).toHaveBeenLastCalledWith('access-1')
    expect(getAdminStatus()).toBe('admin')
    resetSessionLifecycleForTests()
    expect(changed).toBeUndefined()
  })

  it('is asked again on each auth change with the new token, and is "not-admin" once signed out', async () => {
    vi.mocked(getMe).mockResolvedValue(me(false))
    const emit = await start(null)
    expect(getMe).not.toHaveBeenCalled()
    expect(getAdminStatus()).toBe('not-admin')

    vi.mocked(getMe).mockResolvedValue(me(true))
    await emit('SIGNED_IN', session('access-2'))
    expect(getMe).toHaveBeenLastCalledWith('access-2')
    expect(getAdminStatus()).toBe('admin')
    await emit('TOKEN_REFRESHED', session('access-3'))
    expect(getMe).toHaveBeenLastCalledWith('access-3')

    await emit('SIGNED_OUT', null)
    expect(getAdminStatus()).toBe('not-admin')
    // Signed out, focus asks nothing.
    await focusWindow()
    expect(getMe).toHaveBeenCalledTimes(2)
  })

  it('ignores an answer that arrives after the user signed out', async () => {
    let answer: (value: Me) => void = () => {}
    vi.mocked(getMe).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const emit = await start(session('access-1'))
    await emit('SIGNED_OUT', null)
    answer(me(true))
    await vi.advanceTimersByTimeAsync(0)
    expect(getAdminStatus()).toBe('not-admin')
  })

  it('keeps a known status when a re-check fails, and shows nothing admin-only when the first check fails', async () => {
    vi.mocked(getMe).mockResolvedValue(me(true))
    await start(session('access-1'))
    vi.mocked(getMe).mockRejectedValue(new Error('offline'))
    await focusWindow()
    expect(getAdminStatus()).toBe('admin')

    resetSessionLifecycleForTests()
    setAdminStatus('checking')
    await start(session('access-2'))
    expect(getAdminStatus()).toBe('not-admin')
  })
})
