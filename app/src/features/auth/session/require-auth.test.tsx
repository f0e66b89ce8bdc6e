import { act, render, screen } from '@testing-library/react'
import { useSyncExternalStore } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RequireAuth } from '@/features/auth/session/require-auth'
import type { SessionState } from '@/features/auth/session/session-store'
import * as useSessionModule from '@/features/auth/session/use-session'

let state: SessionState = { status: 'loading' }
const listeners = new Set<() => void>()
beforeEach(() => {
  vi.spyOn(useSessionModule, 'useSession').mockImplementation(() =>
    useSyncExternalStore(
      (listener) => (listeners.add(listener), () => listeners.delete(listener)),
      () => state,
    ),
  )
})
function setState(next: SessionState) {
  state = next
  for (const listener of listeners) listener()
}

const token = (aal: string) => `h.${btoa(JSON.stringify({ aal }))}.s`
const session = (aal: string, factors: object[] = []) => ({ access_token: token(aal), user: { factors } }) as never

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/account', element: <RequireAuth><h1>Account</h1></RequireAuth> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('RequireAuth', () => {
  it("shows 'Loading...' until the session has started, then the page", async () => {
    state = { status: 'loading' }
    renderAt('/account')
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
    act(() => setState({ status: 'signed-in', session: session('aal1') }))
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument()
  })

  it('a sign-out on the page goes to /login?t=<timestamp>', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(4242)
    state = { status: 'signed-in', session: session('aal2') }
    const router = renderAt('/account')
    await screen.findByRole('heading', { name: 'Account' })
    act(() => setState({ status: 'signed-out' }))
    await screen.findByRole('heading', { name: 'Login' })
    expect(router.state.location.search).toBe('?t=4242')
  })

  it('a session still owing its authenticator code is sent to /login to give it', async () => {
    state = { status: 'signed-in', session: session('aal1', [{ status: 'verified' }]) }
    const router = renderAt('/account')
    await screen.findByRole('heading', { name: 'Login' })
    expect(router.state.location.search).toBe('?next=%2Faccount')
  })
})
