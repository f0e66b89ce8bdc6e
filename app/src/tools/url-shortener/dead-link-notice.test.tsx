import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import DeadLinkNotice from '@/tools/url-shortener/dead-link-notice'

function renderHomeAt(path: string) {
  const router = createMemoryRouter([{ path: '/', element: <><DeadLinkNotice /><h1>Home</h1></> }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

describe('the home page after a dead short link', () => {
  it.each([
    ['unknown', 'That short link doesn’t exist'],
    ['expired', 'That short link has expired'],
    ['exhausted', 'That short link has reached its click limit'],
  ])('says why (?link=%s) and takes the reason out of the address', async (reason, title) => {
    const router = renderHomeAt(`/?link=${reason}&utm=x`)
    expect(screen.getByRole('status')).toHaveTextContent(title)
    await vi.waitFor(() => expect(router.state.location.search).toBe('?utm=x'))
    expect(screen.getByRole('status')).toHaveTextContent(title)
  })

  it('says nothing without a known reason, and goes when dismissed', async () => {
    renderHomeAt('/?link=<script>')
    expect(screen.queryByRole('status')).toBeNull()
    renderHomeAt('/?link=expired')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss this notice' }))
    expect(screen.queryByRole('status')).toBeNull()
  })
})
