import { act, renderHook } from '@testing-library/react'
import { zipSync } from 'fflate'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/client'
import * as sendMultipartModule from '@/lib/api/send-multipart'
import type { MultipartRequest, ToolResponse } from '@/lib/api/send-multipart'
import { defaultOptions } from '@/tools/converter/converter.service'
import { useBatchConvert } from '@/tools/converter/use-batch-convert'
import { recordNotices } from '@/testing/record-notices'

// The BFF is the boundary here: each request is answered per file name.
const sendMultipart = vi.fn<(request: MultipartRequest) => Promise<ToolResponse>>()
beforeEach(() => {
  vi.spyOn(sendMultipartModule, 'sendMultipart').mockImplementation((request) => sendMultipart(request))
  recordNotices()
})

const answer = (blob: Blob, filename: string | null): ToolResponse => ({ status: 200, blob, contentType: blob.type, filename, header: () => null })

beforeEach(() => {
  sendMultipart.mockReset()
})

describe('useBatchConvert', () => {
  it('converts each file on its own: one failure stays beside its file, a ZIP answer becomes one result per page', async () => {
    sendMultipart.mockImplementation(async ({ files, fields, onUploaded }) => {
      onUploaded?.()
      const name = files[0]!.name
      if (name === 'broken.png') throw new ApiError(415, 'unsupported_file_type', 'broken.png is not an image we can read')
      if (name === 'scan.pdf') {
        const zip = zipSync({ 'scan-page1.webp': new Uint8Array([1]), 'scan-page2.webp': new Uint8Array([2]) })
        return answer(new Blob([zip], { type: 'application/zip' }), 'scan-webp.zip')
      }
      expect(fields).toMatchObject({ format: 'webp', quality: 80 })
      return answer(new Blob(['webp'], { type: 'image/webp' }), 'photo.webp')
    })
    const { result } = renderHook(() => useBatchConvert())
    act(() =>
      result.current.addFiles([
        new File(['png'], 'photo.png', { type: 'image/png' }),
        new File(['nope'], 'broken.png', { type: 'image/png' }),
        new File(['pdf'], 'scan.pdf', { type: 'application/pdf' }),
        new File(['x'], 'song.mp3', { type: 'audio/mpeg' }),
      ]),
    )
    await act(() => result.current.convertAll(defaultOptions('webp')))

    const states = Object.fromEntries(result.current.items.map((item) => [item.file.name, item.state]))
    expect(states['photo.png']).toMatchObject({ status: 'done', results: [{ name: 'photo.webp' }] })
    expect(states['broken.png']).toEqual({ status: 'error', message: 'broken.png is not an image we can read' })
    expect(states['scan.pdf']?.status === 'done' && states['scan.pdf'].results.map((r) => [r.name, r.blob.type])).toEqual([
      ['scan-page1.webp', 'image/webp'],
      ['scan-page2.webp', 'image/webp'],
    ])
    expect(states['song.mp3']).toEqual({ status: 'skipped', reason: 'This file type cannot be converted.' })
    expect(sendMultipart).toHaveBeenCalledTimes(3)
    expect(result.current.running).toBe(false)
  })

  it('waits and tries again when the server says its job slots are full', async () => {
    vi.useFakeTimers()
    try {
      sendMultipart
        .mockRejectedValueOnce(new ApiError(429, 'too_many_jobs', 'Too many jobs at once'))
        .mockResolvedValueOnce(answer(new Blob(['pdf'], { type: 'application/pdf' }), 'report.pdf'))
      const { result } = renderHook(() => useBatchConvert())
      act(() => result.current.addFiles([new File(['doc'], 'report.docx')]))
      let done: Promise<void> = Promise.resolve()
      act(() => {
        done = result.current.convertAll(defaultOptions('pdf'))
      })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(100)
      })
      // The file says it waits for a slot, not that it failed.
      expect(result.current.items[0]?.state).toEqual({ status: 'waiting' })
      await act(async () => {
        await vi.advanceTimersByTimeAsync(2400)
        await done
      })
      expect(sendMultipart).toHaveBeenCalledTimes(2)
      expect(sendMultipart.mock.calls[1]![0].fields).toEqual({ format: 'pdf' })
      expect(result.current.items[0]?.state).toMatchObject({ status: 'done', results: [{ name: 'report.pdf' }] })
    } finally {
      vi.useRealTimers()
    }
  })
})
