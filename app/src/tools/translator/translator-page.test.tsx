import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

const notifyMock = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }))
vi.mock('@/lib/notify', () => ({ notify: notifyMock }))
const { default: TranslatorPage } = await import('@/tools/translator/translator-page')

// The fetch boundary: the BFF's answers as it gives them (see bff/toolkit_bff/tools/translator/endpoint.py).
function stubBff(handler: (path: string, body: unknown) => Response) {
  const fetchMock = vi.fn(async (request: Request) => {
    const body: unknown = request.method === 'POST' ? await request.json() : null
    return handler(new URL(request.url).pathname, body)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const notConfigured = () => Response.json({ error: { code: 'translation_not_configured', message: 'Translation engine is not configured' } }, { status: 503 })

describe('TranslatorPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
  })

  it("shows the operator's set-up steps when the BFF has no engine (503)", async () => {
    stubBff(notConfigured)
    render(<TranslatorPage />)
    expect(await screen.findByRole('region', { name: 'No translation engine is configured' })).toHaveTextContent('LIBRETRANSLATE_URL')
    expect(screen.getByText(/Translation engine is not configured/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Translate' })).not.toBeInTheDocument()
  })

  it('keeps the text and says why when a translation is refused', async () => {
    stubBff((path) =>
      path.endsWith('/languages')
        ? Response.json({ languages: [{ code: 'en', name: 'English', targets: ['de'] }, { code: 'de', name: 'German', targets: ['en'] }] })
        : Response.json({ error: { code: 'translation_rate_limited', message: "The translation engine's rate limit was reached; try again shortly" } }, { status: 429 }),
    )
    render(<TranslatorPage />)
    const input = await screen.findByLabelText('Text to translate')
    await userEvent.type(input, 'hello world')
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }))
    expect(notifyMock.error).toHaveBeenCalledWith('Translation failed', "The translation engine's rate limit was reached; try again shortly")
    expect(input).toHaveValue('hello world')
  })

  it('names the language once typing pauses, with "Detect language" chosen', async () => {
    const fetchMock = stubBff((path) =>
      path.endsWith('/detect')
        ? Response.json({ detections: [{ language: 'de', confidence: 90 }] })
        : Response.json({ languages: [{ code: 'en', name: 'English', targets: ['de'] }, { code: 'de', name: 'German', targets: ['en'] }] }),
    )
    render(<TranslatorPage />)
    await userEvent.type(await screen.findByLabelText('Text to translate'), 'hallo welt')
    expect(await screen.findByTestId('detected-language', {}, { timeout: 3000 })).toHaveTextContent('Detected: German · 90% confidence')
    // One guess for the paused text, not one per keystroke.
    expect(fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname.endsWith('/detect'))).toHaveLength(1)
  })

  it('refuses text over the limit before sending it', async () => {
    const fetchMock = stubBff(() => Response.json({ languages: [{ code: 'en', name: 'English', targets: ['de'] }, { code: 'de', name: 'German', targets: ['en'] }] }))
    render(<TranslatorPage />)
    const input = await screen.findByLabelText('Text to translate')
    await userEvent.click(input)
    await userEvent.paste('x'.repeat(20_001))
    expect(screen.getByText(/20,001 \/ 20,000 characters — shorten the text/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
