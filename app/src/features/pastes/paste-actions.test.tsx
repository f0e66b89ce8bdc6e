import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PasteActions } from '@/features/pastes/paste-actions'
import { saveEditToken } from '@/features/pastes/edit-tokens'
import { toLocalPaste } from '@/features/pastes/paste-store'
import { recordNotices } from '@/testing/record-notices'

let notifyMock: ReturnType<typeof recordNotices>
beforeEach(() => {
  notifyMock = recordNotices()
})

const paste = toLocalPaste({
  id: 'Abc1234567', title: 'Notes', content: 'hello', language: 'plaintext', privacy: 'public', user_id: null,
  created_at: '2030-01-01T10:00:00Z', updated_at: '2030-01-01T10:00:00Z', expires_at: null, burn_after_read: false, views: 0, likes: 0, encrypted: false,
})

function answer(status: number, body: unknown = { error: { code: 'x', message: 'The server says no' } }) {
  vi.stubGlobal('fetch', vi.fn(async () => (status === 204 ? new Response(null, { status }) : Response.json(body, { status }))))
}

function renderActions(userId: string | null = 'user-1') {
  const router = createMemoryRouter(
    [
      { path: '/paste/:id', element: <PasteActions paste={paste} userId={userId} published onLikes={() => undefined} /> },
      { path: '/pastes', element: <p>List page</p> },
      { path: '/paste/:id/edit', element: <p>Edit page</p> },
    ],
    { initialEntries: ['/paste/Abc1234567'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

beforeEach(() => vi.clearAllMocks())

describe('paste actions', () => {
  it("deleting without the right says 'Unauthorized' / 'You are not authorized to delete this paste.'", async () => {
    saveEditToken('Abc1234567', 'stale-token')
    answer(403, { error: { code: 'forbidden', message: 'You are not authorized to delete this paste.' } })
    const router = renderActions()
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete paste' }))
    await vi.waitFor(() => expect(notifyMock.error).toHaveBeenCalledWith('Unauthorized', 'You are not authorized to delete this paste.'))
    expect(router.state.location.pathname).toBe('/paste/Abc1234567')
  })

  it("any other failure to delete says 'Failed to delete paste'; a success goes to the list", async () => {
    saveEditToken('Abc1234567', 'token')
    answer(500)
    const router = renderActions()
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete paste' }))
    await vi.waitFor(() => expect(notifyMock.error).toHaveBeenCalledWith('Failed to delete paste', 'The server says no'))

    answer(204)
    await userEvent.click(screen.getByRole('button', { name: 'Delete paste' }))
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pastes'))
  })

  it("like and duplicate failures use the SPEC's messages", async () => {
    answer(500)
    renderActions()
    await userEvent.click(screen.getByRole('button', { name: 'Like' }))
    await vi.waitFor(() => expect(notifyMock.error).toHaveBeenCalledWith('Failed to like paste', 'The server says no'))
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }))
    await vi.waitFor(() => expect(notifyMock.error).toHaveBeenCalledWith('Failed to duplicate paste', 'The server says no'))
  })

  it('offers edit and delete only to the owner or the holder of the edit token', () => {
    renderActions('someone-else')
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeInTheDocument()
  })
})
