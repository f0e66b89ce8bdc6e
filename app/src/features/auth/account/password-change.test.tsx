import { AuthApiError } from '@supabase/supabase-js'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PasswordChange } from '@/features/auth/account/password-change'
import { loadAuth } from '@/features/auth/client'
import { notify } from '@/lib/notify'
import { recordNotices } from '@/testing/record-notices'
import { stubAuthClient } from '@/testing/stub-auth-client'

const auth = { updateUser: vi.fn(), reauthenticate: vi.fn() }
const NEW_PASSWORD = 'a fresh passphrase'

beforeEach(() => {
  stubAuthClient()
  recordNotices()
  vi.clearAllMocks()
  vi.mocked(loadAuth).mockResolvedValue(auth as never)
  auth.reauthenticate.mockResolvedValue({ data: {}, error: null })
})

async function typeNewPassword(user: ReturnType<typeof userEvent.setup>, value = NEW_PASSWORD) {
  await user.click(screen.getByLabelText('New password'))
  await user.paste(value)
}

describe('PasswordChange', () => {
  it('changes the password at once while the sign-in is recent', async () => {
    auth.updateUser.mockResolvedValue({ data: {}, error: null })
    const user = userEvent.setup()
    render(<PasswordChange email="ada@example.com" />)
    await typeNewPassword(user)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(auth.updateUser).toHaveBeenCalledWith({ password: NEW_PASSWORD })
    expect(auth.reauthenticate).not.toHaveBeenCalled()
    expect(notify.success).toHaveBeenCalledWith('Password changed')
    expect(screen.getByLabelText('New password')).toHaveValue('')
  })

  it('when Auth wants reauthentication, mails a code and sends it as the nonce, keeping the password', async () => {
    auth.updateUser
      .mockResolvedValueOnce({ data: {}, error: new AuthApiError('Password update requires reauthentication', 400, 'reauthentication_needed') })
      .mockResolvedValueOnce({ data: {}, error: new AuthApiError('Invalid reauthentication', 422, 'reauthentication_not_valid') })
      .mockResolvedValueOnce({ data: {}, error: null })
    const user = userEvent.setup()
    render(<PasswordChange email="ada@example.com" />)
    await typeNewPassword(user)
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(auth.reauthenticate).toHaveBeenCalledTimes(1)
    expect(notify.info).toHaveBeenCalledWith('Confirm it’s you', 'We emailed a code to ada@example.com. Enter it to change your password.')
    expect(screen.getByLabelText('New password')).toHaveValue(NEW_PASSWORD)

    await user.click(screen.getByLabelText('Code from the email'))
    await user.paste('000000')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(auth.updateUser).toHaveBeenLastCalledWith({ password: NEW_PASSWORD, nonce: '000000' })
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ title: 'That code is wrong or has expired. Ask for a new one.' }))

    await user.clear(screen.getByLabelText('Code from the email'))
    await user.paste('123456')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(auth.updateUser).toHaveBeenLastCalledWith({ password: NEW_PASSWORD, nonce: '123456' })
    expect(notify.success).toHaveBeenCalledWith('Password changed')
    expect(screen.queryByLabelText('Code from the email')).toBeNull()
  })

  it('refuses a password that breaks Auth’s rules before asking the server, and says which rule', async () => {
    const user = userEvent.setup()
    render(<PasswordChange email="ada@example.com" />)
    await typeNewPassword(user, 'short')
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', 'Too weak')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(auth.updateUser).not.toHaveBeenCalled()
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/^Use at least \d+ characters$/)
  })
})
