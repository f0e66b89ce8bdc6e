import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequireAuthUnlessDisabled } from '@/app/routes/require-auth-unless-disabled'
import * as useSessionModule from '@/features/auth/session/use-session'
import { resetDisabledPagesForTests } from '@/features/disabled-pages/disabled-pages-store'

// Issue 37: a signed-out visitor of a page that needs an account is sent to /login only once the
// server has said the page is on. With an empty cache and a session known before GET /api/pages
// answered, the visitor went to /login although the page was switched off.
let answer: ((response: Response) => void) | undefined
let fail: ((error: Error) => void) | undefined

/** Once the store has asked for the map, the server answers (or the request fails). */
async function server(reply: (respond: (response: Response) => void, reject: (error: Error) => void) => void) {
  await vi.waitFor(() => expect(answer).toBeDefined())
  await act(async () => reply(answer!, fail!))
}

beforeEach(() => {
  vi.spyOn(useSessionModule, 'useSession').mockReturnValue({ status: 'signed-out' })
  resetDisabledPagesForTests([])
  answer = fail = undefined
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/pages')
      return new Promise<Response>((resolve, reject) => {
        answer = resolve
        fail = reject
      })
    }),
  )
  vi.spyOn(console, 'warn').mockImplementation(() => undefined) // a failed map is logged
})
afterEach(() => resetDisabledPagesForTests())

const pages = (colorPickerOff: boolean) =>
  Response.json({ pages: { 'image-color-picker': { is_disabled: colorPickerOff, disable_reason: 'Recalibrating', updated_at: '2026-11-28T12:00:00Z' } } })

function renderColorPicker() {
  const router = createMemoryRouter(
    [
      {
        path: '/color-picker',
        element: (
          <RequireAuthUnlessDisabled pageKey="image-color-picker" pageName="Colour picker" disabledNotice={<h1>Page Disabled</h1>}>
            <h1>Colour picker itself</h1>
          </RequireAuthUnlessDisabled>
        ),
      },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: ['/color-picker'] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('RequireAuthUnlessDisabled, signed out', () => {
  it('waits for the server before the sign-in wall, and shows the notice of a page that is off', async () => {
    const router = renderColorPicker()
    expect(screen.getByRole('status')).toHaveTextContent('Loading...')
    expect(router.state.location.pathname).toBe('/color-picker')
    await server((respond) => respond(pages(true)))
    expect(await screen.findByRole('heading', { name: 'Page Disabled' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/color-picker')
  })

  it('sends the visitor to /login once the server says the page is on', async () => {
    const router = renderColorPicker()
    await server((respond) => respond(pages(false)))
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?next=%2Fcolor-picker')
  })

  it('does not keep the visitor waiting when the map cannot be loaded', async () => {
    const router = renderColorPicker()
    await server((_, reject) => reject(new TypeError('Failed to fetch')))
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
