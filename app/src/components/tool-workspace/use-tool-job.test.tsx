import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeXhr } from '@/testing/fake-xhr'
import { useToolJob } from '@/components/tool-workspace/use-tool-job'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { FileList } from '@/components/tool-workspace/file-list'
import { JobProgress } from '@/components/tool-workspace/job-progress'
import { ResultDownloads, ResultPreview } from '@/components/tool-workspace/result-preview'
import { recordNotices } from '@/testing/record-notices'

let notifyMock: ReturnType<typeof recordNotices>
beforeEach(() => {
  notifyMock = recordNotices()
})

// A minimal file tool built from the workspace parts: whatever is chosen goes to the converter as PNG.
function Harness() {
  const [files, setFiles] = useState<File[]>([])
  const job = useToolJob('Conversion failed')
  const busy = job.phase !== null
  return (
    <div>
      <DropZone onFiles={(incoming) => setFiles([...files, ...incoming])} disabled={busy} />
      <FileList files={files} disabled={busy} onRemove={(index) => setFiles(files.filter((_, i) => i !== index))} />
      <button type="button" onClick={() => void job.run({ path: '/api/tools/convert', files, fields: { format: 'png' } })}>
        Convert
      </button>
      {job.phase && <JobProgress phase={job.phase} onCancel={job.cancel} />}
      {job.results.map((result, index) => (
        <ResultPreview key={`${index}-${result.name}`} result={result} />
      ))}
      <ResultDownloads results={job.results} />
    </div>
  )
}

async function chooseTwoFiles() {
  const user = userEvent.setup()
  render(<Harness />)
  const input = screen.getByLabelText('Choose files')
  // A JPEG's first bytes: the drop zone checks a file is what its name says before taking it.
  const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), 'a'.repeat(2044)], 'photo.jpg', { type: 'image/jpeg' })
  await user.upload(input, [jpeg, new File(['b'], 'notes.txt', { type: 'text/plain' })])
  await screen.findByRole('list', { name: 'Chosen files' })
  return user
}

describe('useToolJob with the workspace parts', () => {
  beforeEach(() => {
    FakeXhr.reset()
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
    vi.clearAllMocks()
  })

  it('lists the chosen files with their sizes', async () => {
    await chooseTwoFiles()
    const list = screen.getByRole('list', { name: 'Chosen files' })
    expect(list).toHaveTextContent('photo.jpg')
    expect(list).toHaveTextContent('2.0 KB')
    expect(list).toHaveTextContent('notes.txt')
    expect(screen.getByText('2 files, 2.0 KB in total')).toBeInTheDocument()
  })

  it('shows real upload progress, then processing, then the result with before/after sizes', async () => {
    const user = await chooseTwoFiles()
    await user.click(screen.getByRole('button', { name: 'Convert' }))
    const xhr = FakeXhr.last!
    expect(FakeXhr.opened).toEqual([{ method: 'POST', url: '/api/tools/convert' }])
    expect(xhr.body?.getAll('file')).toHaveLength(2)
    expect(xhr.body?.get('format')).toBe('png')

    act(() => xhr.progress(512, 1024))
    expect(screen.getByText('Uploading… 50%')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50')
    act(() => xhr.uploaded())
    expect(screen.getByText('Processing…')).toBeInTheDocument()

    await act(async () =>
      xhr.respond(200, new Blob(['x'.repeat(1024)], { type: 'text/plain' }), { 'Content-Disposition': 'attachment; filename="photo.txt"' }),
    )
    await waitFor(() => expect(screen.getByTestId('result-sizes')).toHaveTextContent('2.0 KB → 1.0 KB (−50%)'))
    expect(screen.getByText('photo.txt')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled()
    expect(screen.queryByText('Processing…')).not.toBeInTheDocument()
  })

  it("shows the BFF's message in an error toast and keeps the user's files", async () => {
    const user = await chooseTwoFiles()
    await user.click(screen.getByRole('button', { name: 'Convert' }))
    const body = JSON.stringify({ error: { code: 'file_too_large', message: 'A file is larger than 25 MB' } })
    await act(async () => FakeXhr.last!.respond(413, new Blob([body], { type: 'application/json' })))
    await waitFor(() => expect(notifyMock.failed).toHaveBeenCalledWith('Conversion failed', 'Conversion failed', 'A file is larger than 25 MB'))
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('photo.jpg')
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeEnabled()
  })

  it('cancel aborts the request and keeps the files', async () => {
    const user = await chooseTwoFiles()
    await user.click(screen.getByRole('button', { name: 'Convert' }))
    act(() => FakeXhr.last!.progress(10, 1000))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(FakeXhr.last!.aborted).toBe(true)
    expect(screen.queryByText(/Uploading/)).not.toBeInTheDocument()
    expect(notifyMock.failed).not.toHaveBeenCalled()
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('notes.txt')
  })

  it('takes files pasted from the clipboard', async () => {
    render(<Harness />)
    const pasted = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'image.png', { type: 'image/png' })
    const event = new Event('paste', { bubbles: true, cancelable: true })
    Object.assign(event, { clipboardData: { files: [pasted] } })
    act(() => {
      document.dispatchEvent(event)
    })
    expect(await screen.findByRole('list', { name: 'Chosen files' })).toHaveTextContent('image.png')
  })

  it('refuses empty, mislabelled and too big files before any upload, naming each with its reason', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const big = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'huge.jpg', { type: 'image/jpeg' })
    Object.defineProperty(big, 'size', { value: 30 * 1024 * 1024 })
    await user.upload(screen.getByLabelText('Choose files'), [
      new File([], 'empty.png', { type: 'image/png' }),
      new File(['just some text'], 'fake.png', { type: 'image/png' }),
      new File(['not a pdf'], 'report.pdf', { type: 'application/pdf' }),
      big,
    ])
    const refused = await screen.findByTestId('refused-files')
    expect([...refused.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'empty.png is empty (0 bytes).',
      'fake.png is not really a PNG image: its contents don’t match its .png name.',
      'report.pdf is damaged or not a PDF.',
      'huge.jpg is 30.0 MB; the limit is 25 MB per file.',
    ])
    expect(screen.queryByRole('list', { name: 'Chosen files' })).toBeNull()
    expect(FakeXhr.opened).toEqual([])
    expect(screen.getByTestId('drop-zone-hint')).toHaveTextContent('up to 25 MB each')
  })
})
