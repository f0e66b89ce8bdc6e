import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import ImageToTextPage from '@/tools/image-to-text/image-to-text-page'

// The fetch boundary: the BFF's language list, as GET /api/tools/ocr/languages gives it.
function stubLanguages() {
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ languages: [{ code: 'eng', name: 'English' }] })))
}

describe('ImageToTextPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  // Choosing a file swaps the drop zone for the file's row. Unkeyed, the renderer took the row for the
  // buttons' row below it and turned the "Read text" element into the row's "Remove" button: a click
  // aimed at "Read text" (a browser test holding the element) removed the file instead (issue 36).
  it('keeps "Read text" the same element when a file is chosen, and "Remove" a new one', async () => {
    stubLanguages()
    render(<ImageToTextPage />)
    await screen.findByRole('button', { name: 'English' })
    const read = screen.getByRole('button', { name: 'Read text' })
    expect(read).toBeDisabled()

    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['%PDF-1.4\n%%EOF\n'], 'long.pdf', { type: 'application/pdf' }))
    const remove = await screen.findByRole('button', { name: 'Remove long.pdf' })

    expect(remove).not.toBe(read)
    expect(read).toBeInTheDocument()
    expect(read).toHaveAccessibleName('Read text')
    expect(read).toBeEnabled()
  })
})
