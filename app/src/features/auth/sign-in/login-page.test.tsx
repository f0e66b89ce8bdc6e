import { AuthApiError } from '@supabase/supabase-js'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAuth } from '@/features/auth/client'
import LoginPage from '@/features/auth/sign-in/login-page'
import { resetSessionStoreForTests } from '@/features/auth/session'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'
import { stubAuthClient } from '@/testing/stub-auth-client'

const auth = {
  getSession: vi.fn(async () => ({ data: { session: null }, error: null })),
  onAuthStateChange: vi.fn((callback: (event: string, session: null) => void) => {
    callback('INITIAL_SESSION', null)
    return { data: { subscription: { unsubscribe: () => {} } } }
  }),
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
}

// One paste instead of keystrokes: the tests are about the page, not typing, and stay fast on a busy machine.
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field)
  await user.paste(value)
}

function renderLogin(path = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', Component: LoginPage },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [path] },
  )
  render(<RouterProvider router={router} />)
  return router
}

beforeEach(() => {
  stubAuthClient()
  recordNotices()
  vi.clearAllMocks()
  resetSessionStoreForTests()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
})
// The session store this file started with a stand-in Auth client: unstarted again for the next file
// in the shared worker (vitest.config.ts).
afterEach(() => resetSessionStoreForTests())

// Generous ceiling: the first render pays for warming up React and Radix on a shared, busy machine.
describe('LoginPage', { timeout: 20_000 }, () => {
  it('keeps both fields after a wrong password and says why', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: {}, error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials') })
    const user = userEvent.setup()
    renderLogin()
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com')
    await fill(user, screen.getByLabelText('Password'), 'wrong password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'Wrong email or password' }))
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
    expect(screen.getByLabelText('Password')).toHaveValue('wrong password')
  })

  it('goes to the dashboard after signing in', async () => {
    auth.signInWithPassword.mockResolvedValue({ data: {}, error: null })
    const user = userEvent.setup()
    const router = renderLogin()
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com')
    await fill(user, screen.getByLabelText('Password'), 'right password')
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('explains field problems beside the fields without calling Auth', async () => {
    const user = userEvent.setup()
    renderLogin('/login?tab=sign-up')
    await fill(user, screen.getByLabelText('Username'), 'a')
    await fill(user, screen.getByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Use 3–32 letters, digits or underscores')
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter your email address')
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true')
    expect(auth.signUp).not.toHaveBeenCalled()
  })

  it('asks to check the mail after signing up, keeping the email typed on the other tab', async () => {
    auth.signUp.mockResolvedValue({ data: { user: {}, session: null }, error: null })
    const user = userEvent.setup()
    renderLogin()
    await fill(user, screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('tab', { name: 'Create account' }))
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com')
    await fill(user, screen.getByLabelText('Username'), 'ada')
    await fill(user, screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument()
    expect(screen.getByText('ada@example.com')).toBeInTheDocument()
  })
})
