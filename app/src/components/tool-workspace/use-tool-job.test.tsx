import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeXhr } from '@/testing/fake-xhr'

const notifyMock = vi.hoisted(() => ({ error: vi.fn(), info: vi.fn() }))
vi.mock('@/lib/notify', () => ({ notify: notifyMock }))

const { useToolJob } = await import('@/components/tool-workspace/use-tool-job')
const { DropZone } = await import('@/components/tool-workspace/drop-zone')
const { FileList } = await import('@/components/tool-workspace/file-list')
const { JobProgress } = await import('@/components/tool-workspace/job-progress')
const { ResultDownloads, ResultPreview } = await import('@/components/tool-workspace/result-preview')

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
  await user.upload(input, [new File(['a'.repeat(2048)], 'photo.jpg', { type: 'image/jpeg' }), new File(['b'], 'notes.txt', { type: 'text/plain' })])
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
    await waitFor(() => expect(notifyMock.error).toHaveBeenCalledWith('Conversion failed', 'A file is larger than 25 MB'))
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
    expect(notifyMock.error).not.toHaveBeenCalled()
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('notes.txt')
  })

  it('takes files pasted from the clipboard', async () => {
    render(<Harness />)
    const pasted = new File(['png'], 'image.png', { type: 'image/png' })
    const event = new Event('paste', { bubbles: true, cancelable: true })
    Object.assign(event, { clipboardData: { files: [pasted] } })
    act(() => {
      document.dispatchEvent(event)
    })
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('image.png')
  })
})
