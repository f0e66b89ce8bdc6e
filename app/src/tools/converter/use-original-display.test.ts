import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import * as sendMultipartModule from '@/lib/api/send-multipart'
import type { MultipartRequest, ToolResponse } from '@/lib/api/send-multipart'
import { DECODE_RETRY_MS, DECODE_TRIES, useOriginalDisplay } from '@/tools/converter/use-original-display'

// The BFF is the boundary: each decode request is recorded and answered as the test says.
const sendMultipart = vi.fn<(request: MultipartRequest) => Promise<ToolResponse>>()
beforeEach(() => {
  vi.spyOn(sendMultipartModule, 'sendMultipart').mockImplementation((request) => sendMultipart(request))
})

const jpeg: ToolResponse = { status: 200, blob: new Blob(['jpeg'], { type: 'image/jpeg' }), contentType: 'image/jpeg', filename: 'a.jpeg', header: () => null }
const busy = () => Promise.reject(new ApiError(429, 'too_many_jobs', 'You already have jobs running; try again when they finish'))
const photo = new File(['heic'], 'IMG_1.HEIC', { type: 'image/heic' })

beforeEach(() => {
  vi.useFakeTimers()
  sendMultipart.mockReset()
  let n = 0
  URL.createObjectURL = vi.fn(() => `blob:decoded-${++n}`)
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => vi.useRealTimers())

describe('useOriginalDisplay', () => {
  it('a HEIC photo refused as busy is decoded on a later try, so the compare appears', async () => {
    sendMultipart.mockImplementationOnce(busy).mockImplementationOnce(busy).mockResolvedValue(jpeg)
    const { result } = renderHook(() => useOriginalDisplay(photo))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current).toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(DECODE_RETRY_MS * 3))
    expect(sendMultipart).toHaveBeenCalledTimes(3)
    expect(sendMultipart.mock.calls[2]![0].fields).toMatchObject({ format: 'jpeg' })
    expect(result.current).toMatch(/^blob:decoded-/)
  })

  it('gives up after a few busy answers, and at once on any other refusal', async () => {
    sendMultipart.mockImplementation(busy)
    const { result } = renderHook(() => useOriginalDisplay(photo))
    await act(() => vi.advanceTimersByTimeAsync(DECODE_RETRY_MS * DECODE_TRIES * DECODE_TRIES))
    expect(sendMultipart).toHaveBeenCalledTimes(DECODE_TRIES)
    expect(result.current).toBeNull()

    sendMultipart.mockReset()
    sendMultipart.mockImplementation(() => Promise.reject(new ApiError(422, 'invalid_image', 'This file is not a readable image')))
    renderHook(() => useOriginalDisplay(new File(['x'], 'IMG_2.HEIC', { type: 'image/heic' })))
    await act(() => vi.advanceTimersByTimeAsync(DECODE_RETRY_MS * DECODE_TRIES))
    expect(sendMultipart).toHaveBeenCalledTimes(1)
  })
})
