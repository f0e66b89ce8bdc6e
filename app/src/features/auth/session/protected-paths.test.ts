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

  it('refuses backslashes and control characters, which browsers turn into another origin', () => {
    for (const next of ['/\\evil.example', '/\\/evil.example', '/x\\y', '/\t/evil.example', '/\n/evil.example',
      '/\r//evil.example', '/\u0000', '/a\u007fb', '/\u001b[31m']) expect(safeReturnPath(next), JSON.stringify(next)).toBeUndefined()
    // What the browser would make of the first two: another origin indeed.
    expect(new URL('/\\evil.example', 'https://app.example').host).toBe('evil.example')
    expect(new URL('/\t/evil.example', 'https://app.example').host).toBe('evil.example')
    // Ordinary paths of the app, with queries, fragments and encoded characters, still pass.
    for (const next of ['/tools/qr-generator', '/pastes?q=a%5Cb#top', '/account?tab=security&x=%2F%2Fevil'])
      expect(safeReturnPath(next)).toBe(next)
  })
})
