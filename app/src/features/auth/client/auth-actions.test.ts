import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resendConfirmation } from '@/features/auth/client/auth-actions'
import { loadAuth } from '@/features/auth/client/auth-client'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'
import { stubAuthClient } from '@/testing/stub-auth-client'

const auth = {
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  resend: vi.fn(),
  signOut: vi.fn(),
}

beforeEach(() => {
  stubAuthClient()
  recordNotices()
  vi.clearAllMocks()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
  for (const fn of Object.values(auth)) fn.mockReset()
})

describe('resendConfirmation', () => {
  it('reports a failure to load the Auth client instead of throwing', async () => {
    vi.mocked(loadAuth).mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'))
    expect(await resendConfirmation('ada@example.com')).toBe(false)
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'An error occurred. Please try again later.' }))
  })
})
