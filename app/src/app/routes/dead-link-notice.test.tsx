import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { DeadLinkNotice } from '@/app/routes/dead-link-notice'
import { DEAD_LINK_HOME } from '@/lib/dead-short-link'

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/', element: <DeadLinkNotice /> }], { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

describe('the home page after a dead short link', () => {
  it('says why the visitor is here, drops the word from the address, and can be dismissed', async () => {
    const router = renderAt(DEAD_LINK_HOME)
    expect(screen.getByRole('status')).toHaveTextContent('That short link doesn’t lead anywhere any more. It has expired, used up its clicks or never existed.')
    expect(screen.getByRole('link', { name: 'make your own' })).toHaveAttribute('href', '/url-shortener')
    // A reload or a copied address does not say it again; this visit still does.
    await vi.waitFor(() => expect(router.state.location.search).toBe(''))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.getByRole('status')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss this notice' }))
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('says nothing on an ordinary visit, or for another value', () => {
    renderAt('/')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
    renderAt('/?link=other')
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})
