import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { onUnexpectedError, reportUnexpectedError, UNEXPECTED_ERROR_MESSAGE, userMessageFor } from '@/lib/unexpected-error'
import { recordNotices } from '@/testing/record-notices'

beforeEach(() => {
  recordNotices()
})

describe('unexpected failures', () => {
  it("keep the server's explanation of a refused request and hide everything else", () => {
    expect(userMessageFor(new ApiError(409, 'conflict', 'The last administrator cannot be revoked'))).toBe('The last administrator cannot be revoked')
    expect(userMessageFor(new ApiError(500, 'internal', 'psycopg.OperationalError: connection refused'))).toBe(UNEXPECTED_ERROR_MESSAGE)
    expect(userMessageFor(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(UNEXPECTED_ERROR_MESSAGE)
    expect(userMessageFor('weird')).toBe(UNEXPECTED_ERROR_MESSAGE)
    expect(UNEXPECTED_ERROR_MESSAGE).toBe('An error occurred. Please try again later.')
  })

  it('are shown as the one error toast and passed to listeners', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const heard: unknown[] = []
    const stop = onUnexpectedError((error) => heard.push(error))
    const failure = new Error('boom')
    reportUnexpectedError(failure)
    stop()
    reportUnexpectedError(new Error('after stop'))
    expect(notify.error).toHaveBeenCalledWith(UNEXPECTED_ERROR_MESSAGE)
    expect(heard).toEqual([failure])
  })
})
