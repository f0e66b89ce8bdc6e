import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AdminOnly } from '@/features/admin/admin-only'
import type { AdminStatus } from '@/lib/admin-status'
import * as useAdminStatusModule from '@/lib/use-admin-status'

let status: AdminStatus

function renderAdminArea() {
  return render(
    <MemoryRouter>
      <AdminOnly>
        <h1>Admin panel</h1>
      </AdminOnly>
    </MemoryRouter>,
  )
}

beforeEach(() => {
  vi.spyOn(useAdminStatusModule, 'useAdminStatus').mockImplementation(() => status)
  status = 'checking'
})

describe('admin area access', () => {
  it('shows the 403 page to signed-in users who are not administrators', () => {
    status = 'not-admin'
    renderAdminArea()
    expect(screen.getByRole('heading', { name: 'Administrators only' })).toBeVisible()
    expect(screen.getByText('403')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Admin panel' })).toBeNull()
  })

  it('waits for the check instead of flashing the 403 page at an administrator', () => {
    renderAdminArea()
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
    expect(screen.queryByText('Administrators only')).toBeNull()
  })

  it('opens for administrators', () => {
    status = 'admin'
    renderAdminArea()
    expect(screen.getByRole('heading', { name: 'Admin panel' })).toBeVisible()
  })
})
