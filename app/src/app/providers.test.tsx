import { render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { AppProviders } from '@/app/providers'
import { notify } from '@/lib/notify'

// sonner is not in the first page's script (lib/notify.ts): the toaster mounts after the first paint
// or at the first notice. A notice asked for before either still reaches the visitor.
describe('notices before the toaster has arrived', () => {
  it('shows a notice asked for before the page rendered, and its answered id takes it down', async () => {
    const id = notify.error('The server cannot be reached')
    render(<AppProviders>page</AppProviders>)
    expect(await screen.findByText('The server cannot be reached')).toBeInTheDocument()
    notify.dismiss(id)
    await waitFor(() => expect(screen.queryByText('The server cannot be reached')).not.toBeInTheDocument())
  })

  it('shows notices in the order they were asked for', async () => {
    render(<AppProviders>page</AppProviders>)
    notify.info('First notice')
    notify.info('Second notice')
    await screen.findByText('Second notice')
    const texts = [...document.querySelectorAll('[data-sonner-toast] [data-title]')].map((node) => node.textContent)
    // sonner stacks the newest on top.
    expect(texts.slice(0, 2)).toEqual(['Second notice', 'First notice'])
  })
})
