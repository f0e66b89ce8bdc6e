import { beforeEach, describe, expect, it, vi } from 'vitest'
import * as sendMultipartModule from '@/lib/api/send-multipart'
import type { MultipartRequest, ToolResponse } from '@/lib/api/send-multipart'
import { pdfThumbnails } from '@/tools/pdf-editor/pdf-api'

// The BFF is the boundary: it answers a window of thumbnails per request and names the pages left.
const sendMultipart = vi.fn<(request: MultipartRequest) => Promise<ToolResponse>>()
beforeEach(() => {
  vi.spyOn(sendMultipartModule, 'sendMultipart').mockImplementation((request) => sendMultipart(request))
})

const thumbnail = (page: number) => ({ page, width: 40, height: 56, data_url: `data:image/png;base64,${page}` })
const answer = (body: unknown): ToolResponse => {
  const blob = new Blob([JSON.stringify(body)], { type: 'application/json' })
  return { status: 200, blob, contentType: 'application/json', filename: null, header: () => null }
}

beforeEach(() => {
  sendMultipart.mockReset()
})

describe('pdfThumbnails', () => {
  it('asks for the pages the BFF names in next_pages until none remain, keeping every thumbnail in order', async () => {
    sendMultipart
      .mockResolvedValueOnce(answer({ thumbnails: [1, 2].map(thumbnail), page_count: 5, next_pages: '3-5' }))
      .mockResolvedValueOnce(answer({ thumbnails: [3, 4].map(thumbnail), page_count: 5, next_pages: '5' }))
      .mockResolvedValueOnce(answer({ thumbnails: [5].map(thumbnail), page_count: 5, next_pages: null }))
    const pages = await pdfThumbnails(new File(['%PDF'], 'long.pdf'), 's3cret', 40)
    expect(pages.map((item) => item.page)).toEqual([1, 2, 3, 4, 5])
    expect(sendMultipart.mock.calls.map(([request]) => request.fields)).toEqual([
      { password: 's3cret', width: 40, pages: undefined },
      { password: 's3cret', width: 40, pages: '3-5' },
      { password: 's3cret', width: 40, pages: '5' },
    ])
  })

  it('sends one request when the first window holds every page', async () => {
    sendMultipart.mockResolvedValueOnce(answer({ thumbnails: [thumbnail(1)], page_count: 1, next_pages: null }))
    expect(await pdfThumbnails(new File(['%PDF'], 'one.pdf'), '', 40)).toHaveLength(1)
    expect(sendMultipart).toHaveBeenCalledTimes(1)
  })
})
