import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAdminStatus } from '@/lib/admin-status'
import TranslatorPage from '@/tools/translator/translator-page'
import { recordNotices } from '@/testing/record-notices'

let notifyMock: ReturnType<typeof recordNotices>
beforeEach(() => {
  notifyMock = recordNotices()
})

// The fetch boundary: the BFF's answers as it gives them (see bff/toolkit_bff/tools/translator/endpoint.py).
function stubBff(handler: (path: string, body: unknown) => Response) {
  const fetchMock = vi.fn(async (request: Request) => {
    const body: unknown = request.method === 'POST' ? await request.json() : null
    return handler(new URL(request.url).pathname, body)
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

// English ↔ Spanish directly; English → Portuguese only through Spanish.
const ENGINE = {
  engine: 'apertium',
  max_chars: 50,
  languages: [
    { code: 'en', name: 'English', targets: ['es', 'pt'], via: { pt: 'es' } },
    { code: 'es', name: 'Spanish', targets: ['en', 'pt'], via: {} },
    { code: 'pt', name: 'Portuguese', targets: [], via: {} },
  ],
}
const languages = () => Response.json(ENGINE)
const notConfigured = () => Response.json({ error: { code: 'translation_not_configured', message: 'Translation is not available on this site right now' } }, { status: 503 })

describe('TranslatorPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    localStorage.clear()
    setAdminStatus('checking')
  })

  it('tells visitors translation is not available, without operator instructions', async () => {
    setAdminStatus('not-admin')
    stubBff(notConfigured)
    render(<TranslatorPage />)
    const panel = await screen.findByRole('region', { name: 'Translation is not available on this site right now' })
    expect(panel).not.toHaveTextContent('APERTIUM_APY_URL')
    expect(panel).not.toHaveTextContent('LIBRETRANSLATE_URL')
    expect(screen.queryByRole('button', { name: 'Translate' })).not.toBeInTheDocument()
  })

  it('shows admins how to configure either engine', async () => {
    setAdminStatus('admin')
    stubBff(notConfigured)
    render(<TranslatorPage />)
    const panel = await screen.findByRole('region', { name: 'Translation is not available on this site right now' })
    expect(panel).toHaveTextContent('APERTIUM_APY_URL')
    expect(panel).toHaveTextContent('LIBRETRANSLATE_URL')
    expect(panel).toHaveTextContent('TOOLKIT_TRANSLATION_ENGINE')
  })

  it('keeps the text and says why when a translation is refused', async () => {
    stubBff((path) =>
      path.endsWith('/languages')
        ? languages()
        : Response.json({ error: { code: 'unsupported_pair', message: 'This engine cannot translate German into Spanish, not even through English or Spanish' } }, { status: 422 }),
    )
    render(<TranslatorPage />)
    const input = await screen.findByLabelText('Text to translate')
    await userEvent.type(input, 'hallo')
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }))
    expect(notifyMock.failed).toHaveBeenCalledWith('translate', 'Translation failed', 'This engine cannot translate German into Spanish, not even through English or Spanish')
    expect(input).toHaveValue('hallo')
  })

  it('names the language and confidence once typing pauses, and says when it cannot be translated', async () => {
    const fetchMock = stubBff((path) => (path.endsWith('/detect') ? Response.json({ detections: [{ language: 'de', name: 'German', confidence: 97.5, translatable: false }] }) : languages()))
    render(<TranslatorPage />)
    await userEvent.type(await screen.findByLabelText('Text to translate'), 'hallo welt')
    expect(await screen.findByTestId('detected-language', {}, { timeout: 3000 })).toHaveTextContent('Detected: German · 98% confidence — not a language this site translates from')
    // One guess for the paused text, not one per keystroke.
    expect(fetchMock.mock.calls.filter(([request]) => new URL(request.url).pathname.endsWith('/detect'))).toHaveLength(1)
  })

  it("states the engine's limit before sending and refuses longer text", async () => {
    const fetchMock = stubBff(languages)
    render(<TranslatorPage />)
    expect(await screen.findByText(/up to 50 characters/)).toBeInTheDocument()
    const input = screen.getByLabelText('Text to translate')
    await userEvent.click(input)
    await userEvent.paste('x'.repeat(51))
    expect(screen.getByText(/51 \/ 50 characters — shorten the text: at most 50 characters per translation/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Translate' })).toBeDisabled()
    expect(input).toHaveValue('x'.repeat(51))
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('says before and after translating that a pair goes through a pivot language', async () => {
    stubBff((path) => (path.endsWith('/languages') ? languages() : Response.json({ translatedText: 'Gosto de maçãs.', source: 'en', target: 'pt', pivot: { language: 'es', name: 'Spanish' } })))
    localStorage.setItem('translator-languages', JSON.stringify({ source: 'en', target: 'pt' }))
    render(<TranslatorPage />)
    expect(await screen.findByTestId('pivot-note')).toHaveTextContent('No direct pair: the text will be translated into Spanish first, then into Portuguese — expect a rougher translation than a direct pair gives.')
    expect(screen.getByRole('combobox', { name: 'Translate to' })).toHaveTextContent('Portuguese · through Spanish')
    await userEvent.type(screen.getByLabelText('Text to translate'), 'I like apples.')
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }))
    expect(await screen.findByRole('textbox', { name: 'Translation' })).toHaveValue('Gosto de maçãs.')
    expect(screen.getByTestId('pivot-note')).toHaveTextContent('Translated through Spanish: this engine has no direct pair for these languages — expect a rougher translation than a direct pair gives.')
  })

  it('marks the translation out of date once the text changes, and not again after translating', async () => {
    stubBff((path, body) => (path.endsWith('/languages') ? languages() : Response.json({ translatedText: `[${(body as { q: string }).q}]`, source: 'en', target: 'es' })))
    localStorage.setItem('translator-languages', JSON.stringify({ source: 'en', target: 'es' }))
    render(<TranslatorPage />)
    const input = await screen.findByLabelText('Text to translate')
    await userEvent.type(input, 'cat')
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }))
    const translation = screen.getByRole('textbox', { name: 'Translation' })
    expect(translation).toHaveValue('[cat]')
    expect(screen.queryByTestId('stale-translation')).toBeNull()
    await userEvent.type(input, 's')
    expect(screen.getByTestId('stale-translation')).toHaveTextContent('Out of date')
    expect(translation).toHaveAccessibleDescription(/Out of date/)
    expect(screen.getByRole('button', { name: 'Copy translation' })).toBeDisabled()
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }))
    expect(translation).toHaveValue('[cats]')
    expect(screen.queryByTestId('stale-translation')).toBeNull()
  })
})
