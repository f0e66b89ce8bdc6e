import { describe, expect, it } from 'vitest'
import { isSignedOutRedirectPath, loginAfterSignOut, safeReturnPath } from '@/features/auth/session/protected-paths'

describe('protected paths', () => {
  it('SPEC §4 lists where a sign-out goes to /login?t=', () => {
    for (const path of ['/dashboard', '/account/', '/converter', '/translator', '/color-picker']) expect(isSignedOutRedirectPath(path)).toBe(true)
    for (const path of ['/', '/pastes', '/dashboardx', '/login']) expect(isSignedOutRedirectPath(path)).toBe(false)
    expect(loginAfterSignOut(1234)).toBe('/login?t=1234')
  })

  it('returns after sign-in only to paths of this app', () => {
    expect(safeReturnPath('/account?tab=profile')).toBe('/account?tab=profile')
    for (const next of [null, '', 'https://evil.example', '//evil.example/x', '/login?next=/x']) expect(safeReturnPath(next)).toBeUndefined()
  })
})
