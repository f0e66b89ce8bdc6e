import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import * as sendMultipartModule from '@/lib/api/send-multipart'
import type { MultipartRequest, ToolResponse } from '@/lib/api/send-multipart'
import { comparePosition } from '@/tools/converter/compare'
import { defaultOptions } from '@/tools/converter/converter.service'
import { PREVIEW_DELAY_MS, useQualityPreview } from '@/tools/converter/use-quality-preview'

// The BFF is the boundary: every preview request is recorded and answered at once.
const sendMultipart = vi.fn<(request: MultipartRequest) => Promise<ToolResponse>>()
beforeEach(() => {
  vi.spyOn(sendMultipartModule, 'sendMultipart').mockImplementation((request) => sendMultipart(request))
})

beforeEach(() => {
  vi.useFakeTimers()
  sendMultipart.mockReset()
  sendMultipart.mockImplementation(async ({ fields }) => ({ status: 200, blob: new Blob([`q${String(fields?.quality)}`], { type: 'image/webp' }), contentType: 'image/webp', filename: 'a.webp', header: () => null }))
})
afterEach(() => vi.useRealTimers())

describe('useQualityPreview', () => {
  it('sends one request after the quality stops changing, with the last quality', async () => {
    const file = new File(['png'], 'a.png', { type: 'image/png' })
    const { result, rerender } = renderHook(({ quality }) => useQualityPreview(file, { ...defaultOptions('webp'), quality }, true), { initialProps: { quality: 80 } })
    for (const quality of [70, 60, 50, 40]) {
      rerender({ quality })
      await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS / 5))
    }
    expect(sendMultipart).not.toHaveBeenCalled()
    expect(result.current.status).toBe('loading')
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS))
    expect(sendMultipart).toHaveBeenCalledTimes(1)
    expect(sendMultipart.mock.calls[0]![0].fields).toMatchObject({ format: 'webp', quality: 40 })
    expect(result.current.status).toBe('ready')
  })

  it('cancels the request on its way when the options change again', async () => {
    const signals: AbortSignal[] = []
    sendMultipart.mockImplementation(({ signal }) => {
      signals.push(signal!)
      return new Promise(() => {})
    })
    const file = new File(['png'], 'a.png', { type: 'image/png' })
    const { rerender } = renderHook(({ quality }) => useQualityPreview(file, { ...defaultOptions('jpeg'), quality }, true), { initialProps: { quality: 80 } })
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS))
    rerender({ quality: 30 })
    expect(signals[0]?.aborted).toBe(true)
  })

  it('waits and asks again while the BFF says its job slots are taken, and shows the preview, not an error', async () => {
    sendMultipart.mockRejectedValueOnce(new ApiError(429, 'too_many_jobs', 'Too many tool jobs'))
    const file = new File(['png'], 'a.png', { type: 'image/png' })
    const { result } = renderHook(() => useQualityPreview(file, { ...defaultOptions('webp'), quality: 20 }, true))
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS))
    expect(sendMultipart).toHaveBeenCalledTimes(1)
    expect(result.current.status).toBe('loading')
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(sendMultipart).toHaveBeenCalledTimes(2)
    expect(result.current.status).toBe('ready')
  })

  it('asks nothing while a batch runs or when the target is not a picture', async () => {
    const file = new File(['png'], 'a.png', { type: 'image/png' })
    renderHook(() => useQualityPreview(file, defaultOptions('webp'), false))
    renderHook(() => useQualityPreview(file, defaultOptions('pdf'), true))
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS * 2))
    expect(sendMultipart).not.toHaveBeenCalled()
  })
})

describe('the compare slider keys', () => {
  it('moves the split by steps and to the edges, never past them', () => {
    expect(comparePosition(50, 'ArrowLeft', false)).toBe(49)
    expect(comparePosition(50, 'ArrowRight', true)).toBe(60)
    expect(comparePosition(95, 'PageUp', false)).toBe(100)
    expect(comparePosition(40, 'Home', false)).toBe(0)
    expect(comparePosition(40, 'End', false)).toBe(100)
    expect(comparePosition(40, 'Enter', false)).toBeNull()
  })
})
