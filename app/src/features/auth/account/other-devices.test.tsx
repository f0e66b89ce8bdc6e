import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OtherDevices } from '@/features/auth/account/sessions-and-identities'
import { loadAuth } from '@/features/auth/client'
import { setAccessTokenProvider } from '@/lib/api/access-token'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'
import { stubAuthClient } from '@/testing/stub-auth-client'

const auth = { signOut: vi.fn() }
const fetchMock = vi.fn(async (_request: Request) => Response.json({ revoked: 2 }))

beforeEach(() => {
  stubAuthClient()
  recordNotices()
  vi.clearAllMocks()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
  auth.signOut.mockResolvedValue({ error: null })
  vi.stubGlobal('fetch', fetchMock)
  setAccessTokenProvider(() => 'session-token')
})
afterEach(() => {
  vi.unstubAllGlobals()
  setAccessTokenProvider(() => null)
})

const signOutButton = () => screen.getByRole('button', { name: 'Sign out of other devices' })
const revokeBox = () => screen.getByRole('checkbox', { name: /Also revoke all my API tokens/ })

describe('OtherDevices', () => {
  it('signs out of the other devices only, leaving the API tokens, unless asked', async () => {
    const user = userEvent.setup()
    render(<OtherDevices />)
    expect(revokeBox()).not.toBeChecked()
    await user.click(signOutButton())
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'others' })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(notify.success).toHaveBeenCalledWith('Signed out of your other devices', undefined)
  })

  it('when asked, revokes every API token too (DELETE /api/me/tokens) and says how many', async () => {
    const onTokensRevoked = vi.fn()
    const user = userEvent.setup()
    render(<OtherDevices onTokensRevoked={onTokensRevoked} />)
    await user.click(revokeBox())
    await user.click(signOutButton())
    const request = fetchMock.mock.calls[0]![0]
    expect([request.method, new URL(request.url).pathname, request.headers.get('Authorization')]).toEqual(['DELETE', '/api/me/tokens', 'Bearer session-token'])
    expect(onTokensRevoked).toHaveBeenCalledTimes(1)
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'others' })
    expect(notify.success).toHaveBeenCalledWith('Signed out of your other devices', '2 API tokens revoked.')
    expect(revokeBox()).not.toBeChecked() // done: the next sign-out asks again
  })

  it('when the tokens cannot be revoked, says why, signs nobody out and keeps the choice', async () => {
    fetchMock.mockResolvedValueOnce(Response.json({ error: { code: 'user_banned', message: 'This account is banned' } }, { status: 403 }))
    const onTokensRevoked = vi.fn()
    const user = userEvent.setup()
    render(<OtherDevices onTokensRevoked={onTokensRevoked} />)
    await user.click(revokeBox())
    await user.click(signOutButton())
    expect(notify.error).toHaveBeenCalledWith('Could not revoke your API tokens', 'This account is banned')
    expect(auth.signOut).not.toHaveBeenCalled()
    expect(onTokensRevoked).not.toHaveBeenCalled()
    expect(revokeBox()).toBeChecked()
    expect(signOutButton()).toBeEnabled()
  })
})
