import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AccountMenu } from '@/components/layout/account-menu'
import type { SessionState } from '@/features/auth/session'
import * as signOutButtonModule from '@/features/auth/session/sign-out-button'
import * as useSessionModule from '@/features/auth/session/use-session'
import { setAdminStatus } from '@/lib/admin-status'

let session: SessionState = { status: 'signed-out' }

const signedIn = { status: 'signed-in', session: { user: { email: 'ada@example.com' } } } as unknown as SessionState

function renderMenu() {
  render(
    <MemoryRouter>
      <AccountMenu trigger={<button type="button">Account menu</button>} defaultOpen />
    </MemoryRouter>,
  )
}

beforeEach(() => {
  vi.spyOn(useSessionModule, 'useSession').mockImplementation(() => session)
  vi.spyOn(signOutButtonModule, 'useSignOut').mockReturnValue({ signOut: vi.fn(), busy: false })
  setAdminStatus('checking')
})

describe('AccountMenu admin entry (SPEC §6)', { timeout: 30_000 }, () => {
  it('shows the admin badge and the admin panel link once the server says admin, and hides them when revoked', () => {
    session = signedIn
    setAdminStatus('admin')
    renderMenu()
    expect(screen.getByRole('menuitem', { name: 'Admin panel' })).toHaveAttribute('href', '/admin')
    expect(screen.getByText('Admin')).toBeInTheDocument()
    act(() => setAdminStatus('not-admin'))
    expect(screen.queryByRole('menuitem', { name: 'Admin panel' })).toBeNull()
    expect(screen.queryByText('Admin')).toBeNull()
  })

  it('shows nothing admin-only while the check runs or when signed out', () => {
    session = signedIn
    renderMenu()
    expect(screen.queryByRole('menuitem', { name: 'Admin panel' })).toBeNull()
    session = { status: 'signed-out' }
    act(() => setAdminStatus('admin'))
    expect(screen.queryByRole('menuitem', { name: 'Admin panel' })).toBeNull()
  })
})
