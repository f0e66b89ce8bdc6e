// SPEC §4: a sign-out on these pages sends the visitor to /login?t=<timestamp>.
export const SIGNED_OUT_REDIRECT_PATHS = ['/dashboard', '/account', '/converter', '/translator', '/color-picker'] as const

// Pages outside the tool registry that need a session; tools say so with requiresAuth.
export const PROTECTED_PAGE_PATHS = ['/dashboard', '/account', '/admin', '/settings/security'] as const

export function isSignedOutRedirectPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return (SIGNED_OUT_REDIRECT_PATHS as readonly string[]).includes(path)
}

/** /login?t=<now>: the timestamp makes the page start fresh (SPEC §4). */
export function loginAfterSignOut(now = Date.now()): string {
  return `/login?t=${now}`
}

// Browsers read a backslash in a URL as "/" and drop tabs and newlines from it, so "/\evil.example"
// and "/<tab>/evil.example" both mean "//evil.example": another origin. Any control character is refused.
const UNSAFE_IN_PATH = /[\\\p{Cc}]/u
const SAME_ORIGIN = 'https://app.invalid'

/** Where sign-in should return to: only paths of this app, never another origin ("//host", "/\host"). */
export function safeReturnPath(next: string | null): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || UNSAFE_IN_PATH.test(next)) return undefined
  if (new URL(next, SAME_ORIGIN).origin !== SAME_ORIGIN) return undefined
  return next.startsWith('/login') ? undefined : next
}
