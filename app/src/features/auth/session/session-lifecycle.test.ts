import type { AuthChangeEvent, Session } from '@supabase/supabase-js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getMe } from '@/features/auth/session/api/get-me'
import { setSessionNavigator } from '@/features/auth/session/navigation'
import { resetSessionLifecycleForTests, startSessionLifecycle } from '@/features/auth/session/session-lifecycle'
import { keepDraft, readDraft } from '@/lib/drafts'
import { notify } from '@/lib/notify'
import * as getMeModule from '@/features/auth/session/api/get-me'
import { recordNotices } from '@/testing/record-notices'

const MINUTE = 60_000
const user = { id: 'u-1', email: 'ada@example.com' }

function sessionExpiringIn(ms: number, token = 'access-1'): Session {
  return { access_token: token, refresh_token: `r-${token}`, expires_at: (Date.now() + ms) / 1000, expires_in: ms / 1000, user } as unknown as Session
}

type Listener = (event: AuthChangeEvent, session: Session | null) => void

function fakeAuth(initial: Session | null) {
  let listener: Listener = () => {}
  const auth = {
    getSession: vi.fn().mockResolvedValue({ data: { session: initial }, error: null }),
    refreshSession: vi.fn().mockResolvedValue({ data: { session: null }, error: new Error('refresh failed') }),
    signOut: vi.fn().mockResolvedValue({ error: null }),
    onAuthStateChange: vi.fn((callback: Listener) => {
      listener = callback
      return { data: { subscription: { unsubscribe: () => {} } } }
    }),
  }
  const fire = (event: AuthChangeEvent, session: Session | null) => listener(event, session)
  const emit = async (event: AuthChangeEvent, session: Session | null) => {
    fire(event, session)
    await vi.advanceTimersByTimeAsync(0)
  }
  return { auth, emit, fire }
}

async function start(initial: Session | null) {
  const fake = fakeAuth(initial)
  const report = vi.fn()
  const started = startSessionLifecycle(fake.auth as never, report)
  await vi.advanceTimersByTimeAsync(0)
  await started
  return { ...fake, report }
}

const navigate = vi.fn()

beforeEach(() => {
  vi.useFakeTimers()
  recordNotices()
  vi.spyOn(getMeModule, 'getMe').mockReturnValue(undefined as never)
  vi.setSystemTime(1_800_000_000_000)
  vi.clearAllMocks()
  vi.mocked(getMe).mockResolvedValue({} as never)
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  localStorage.clear()
  setSessionNavigator(navigate)
  window.history.replaceState({}, '', '/')
})
afterEach(() => {
  resetSessionLifecycleForTests()
  vi.useRealTimers()
})

describe('session start', () => {
  it('after the first read and 3 retries fail, clears local state and reports signed out', async () => {
    localStorage.setItem('auth_token', '"stale"')
    localStorage.setItem('user', '"legacy"')
    const fake = fakeAuth(null)
    fake.auth.getSession.mockRejectedValue(new Error('down'))
    const report = vi.fn()
    const started = startSessionLifecycle(fake.auth as never, report)
    await vi.advanceTimersByTimeAsync(2999)
    expect(report).not.toHaveBeenCalled() // still loading
    await vi.advanceTimersByTimeAsync(1)
    await started
    expect(fake.auth.getSession).toHaveBeenCalledTimes(4)
    expect(report).toHaveBeenCalledWith(null)
    expect(localStorage.length).toBe(0)
  })

  it('a restored session is saved, its profile loaded and its refresh scheduled', async () => {
    const session = sessionExpiringIn(60 * MINUTE)
    const { auth, report } = await start(session)
    expect(report).toHaveBeenCalledWith(session)
    expect(JSON.parse(localStorage.getItem('auth_token')!)).toBe('access-1')
    expect(getMe).toHaveBeenCalledWith('access-1')
    await vi.advanceTimersByTimeAsync(55 * MINUTE)
    expect(auth.refreshSession).toHaveBeenCalledTimes(1)
  })

  it("stored user data that can't be read means no session, with the 'Session data error' toast", async () => {
    localStorage.setItem('user_data', '{broken')
    const { auth, report } = await start(sessionExpiringIn(60 * MINUTE))
    expect(notify.error).toHaveBeenCalledWith('Session data error')
    expect(report).toHaveBeenCalledWith(null)
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' })
    expect(localStorage.getItem('user_data')).toBeNull()
  })
})

describe('session start without a session', () => {
  it("unreadable user data still shows 'Session data error' and is cleared", async () => {
    localStorage.setItem('user_data', 'not json at all')
    const { report } = await start(null)
    expect(notify.error).toHaveBeenCalledWith('Session data error')
    expect(report).toHaveBeenCalledWith(null)
    expect(localStorage.getItem('user_data')).toBeNull()
  })

  it('an unreadable expiry is logged and cleared, without a toast', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    localStorage.setItem('auth_token', '"a"')
    localStorage.setItem('session_expiry', '{')
    const { auth, report } = await start(sessionExpiringIn(60 * MINUTE))
    expect(log).toHaveBeenCalled()
    expect(notify.error).not.toHaveBeenCalled()
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' })
    expect(report).toHaveBeenCalledWith(null)
    expect(localStorage.getItem('session_expiry')).toBeNull()
  })
})

describe('auth events (SPEC §4)', () => {
  it('signed in: saves expiry and refresh token, loads the profile, schedules the refresh', async () => {
    const { auth, emit, report } = await start(null)
    const session = sessionExpiringIn(30 * MINUTE, 'access-2')
    await emit('SIGNED_IN', session)
    expect(JSON.parse(localStorage.getItem('refresh_token')!)).toBe('r-access-2')
    expect(JSON.parse(localStorage.getItem('session_expiry')!)).toBe(Date.now() + 30 * MINUTE)
    expect(getMe).toHaveBeenCalledWith('access-2')
    expect(report).toHaveBeenLastCalledWith(session)
    await vi.advanceTimersByTimeAsync(25 * MINUTE)
    expect(auth.refreshSession).toHaveBeenCalledTimes(1)
  })

  it('the store hears of a sign-in or sign-out before the call that caused it returns, so the next page sees it', async () => {
    const { fire, report } = await start(null)
    const session = sessionExpiringIn(30 * MINUTE, 'access-4')
    fire('SIGNED_IN', session) // supabase-js awaits this listener before signInWithPassword() resolves
    expect(report).toHaveBeenLastCalledWith(session)
    fire('SIGNED_OUT', null)
    expect(report).toHaveBeenLastCalledWith(null)
  })

  it('token refreshed: updates the stored tokens and reschedules from the new expiry', async () => {
    const { auth, fire } = await start(sessionExpiringIn(10 * MINUTE))
    auth.refreshSession.mockImplementation(async () => {
      fire('TOKEN_REFRESHED', sessionExpiringIn(60 * MINUTE, 'access-3'))
      return { data: { session: {} }, error: null }
    })
    await vi.advanceTimersByTimeAsync(5 * MINUTE + 1)
    expect(JSON.parse(localStorage.getItem('auth_token')!)).toBe('access-3')
    expect(JSON.parse(localStorage.getItem('refresh_token')!)).toBe('r-access-3')
    await vi.advanceTimersByTimeAsync(55 * MINUTE - 2)
    expect(auth.refreshSession).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(auth.refreshSession).toHaveBeenCalledTimes(2)
  })

  it('a refresh that never succeeds sends the visitor to /login at expiry', async () => {
    await start(sessionExpiringIn(10 * MINUTE))
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1)
    expect(navigate).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(navigate).toHaveBeenCalledWith('/login')
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  for (const path of ['/dashboard', '/account', '/converter', '/translator', '/color-picker']) {
    it(`signed out on ${path}: clears local state and goes to /login?t=<now>`, async () => {
      const { emit, report, auth } = await start(sessionExpiringIn(60 * MINUTE))
      window.history.replaceState({}, '', path)
      localStorage.setItem('sb-cdn-auth-token', '"x"')
      await emit('SIGNED_OUT', null)
      expect(report).toHaveBeenLastCalledWith(null)
      expect(localStorage.length).toBe(0)
      expect(navigate).toHaveBeenCalledWith(`/login?t=${Date.now()}`)
      // The pending refresh went with the session.
      await vi.advanceTimersByTimeAsync(60 * MINUTE)
      expect(auth.refreshSession).not.toHaveBeenCalled()
    })
  }

  it('signed out: every draft typed in this browser goes too, the visitor\'s other settings stay', async () => {
    const { emit } = await start(sessionExpiringIn(60 * MINUTE))
    keepDraft('paste-new', { content: 'the plan' }, { secret: false })
    keepDraft('paste-secret', { content: 'the key' }, { secret: true })
    localStorage.setItem('ui-theme', '"dark"')
    sessionStorage.setItem('page-state:url-shortener:draft', '{"url":"https://example.com/mine"}')
    await emit('SIGNED_OUT', null)
    await vi.waitFor(() => expect({ ...localStorage }).toEqual({ 'ui-theme': '"dark"' }))
    expect(sessionStorage.length).toBe(0)
    expect(readDraft('paste-secret', null, (value): value is object => typeof value === 'object')).toBeNull()
  })

  it('signed out elsewhere (e.g. /pastes) stays on the page', async () => {
    const { emit } = await start(sessionExpiringIn(60 * MINUTE))
    window.history.replaceState({}, '', '/pastes')
    await emit('SIGNED_OUT', null)
    expect(navigate).not.toHaveBeenCalled()
  })
})

describe('inactivity (SPEC §4)', () => {
  it('after 30 minutes without input: the SPEC notice and a sign-out', async () => {
    const { auth } = await start(sessionExpiringIn(120 * MINUTE))
    await vi.advanceTimersByTimeAsync(30 * MINUTE - 1)
    expect(auth.signOut).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(notify.warning).toHaveBeenCalledWith('Your session has expired due to inactivity. Please log in again.')
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' })
  })
})
