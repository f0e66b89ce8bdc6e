import { act, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN_ACCESS_TOAST, DisabledPageGate } from '@/features/disabled-pages/disabled-page-gate'
import { DISABLED_PAGES_STORAGE_KEY } from '@/features/disabled-pages/disabled-pages-map'
import { addDisabledPagesSource, resetDisabledPagesForTests } from '@/features/disabled-pages/disabled-pages-store'
import type { AdminStatus } from '@/lib/admin-status'
import { focusSource, type ChangeSource } from '@/lib/change-sources'
import { notify } from '@/lib/notify'
import * as useAdminStatusModule from '@/lib/use-admin-status'
import { recordNotices } from '@/testing/record-notices'

let adminStatus: AdminStatus = 'not-admin'

type Served = Record<string, { is_disabled: boolean; disable_reason: string }>
let served: Served
let pending: boolean

function serve(pdfEditor: { is_disabled: boolean; disable_reason: string }) {
  served = { 'pdf-editor': pdfEditor, dashboard: { is_disabled: false, disable_reason: '' } }
}

beforeEach(() => {
  vi.spyOn(useAdminStatusModule, 'useAdminStatus').mockImplementation(() => adminStatus)
  recordNotices()
  adminStatus = 'not-admin'
  pending = false
  serve({ is_disabled: false, disable_reason: '' })
  resetDisabledPagesForTests([focusSource()])
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/pages')
      if (pending) return new Promise<Response>(() => undefined)
      const pages = Object.fromEntries(Object.entries(served).map(([key, value]) => [key, { ...value, updated_at: '2026-11-23T12:00:00Z' }]))
      return Response.json({ pages })
    }),
  )
})
afterEach(() => resetDisabledPagesForTests())

function renderPdfEditor() {
  return render(
    <MemoryRouter>
      <DisabledPageGate pageKey="pdf-editor">
        <button type="button">Merge PDFs</button>
      </DisabledPageGate>
    </MemoryRouter>,
  )
}

describe('disabled page gate', () => {
  it('blocks the page from the cached map on the first paint, before the server answers', () => {
    pending = true
    localStorage.setItem(DISABLED_PAGES_STORAGE_KEY, JSON.stringify({ 'pdf-editor': { isDisabled: true, disableReason: 'Upgrading the PDF engine' } }))
    renderPdfEditor()
    expect(screen.getByRole('heading', { name: 'Page Disabled' })).toBeVisible()
    expect(screen.getByText('Upgrading the PDF engine')).toBeVisible()
    // The page underneath is out of reach: hidden from assistive tech and inert for keyboard and pointer.
    expect(screen.queryByRole('button', { name: 'Merge PDFs' })).toBeNull()
    expect(screen.getByText('Merge PDFs').closest('[inert]')).not.toBeNull()
  })

  it("shows the default sentence without a reason, and caches the server's map", async () => {
    serve({ is_disabled: true, disable_reason: '' })
    renderPdfEditor()
    expect(await screen.findByText('This page is currently disabled by the administrator.')).toBeVisible()  // SPEC §3
    const cached = JSON.parse(localStorage.getItem(DISABLED_PAGES_STORAGE_KEY) ?? '{}') as Record<string, unknown>
    expect(cached['pdf-editor']).toEqual({ isDisabled: true, disableReason: '' })
  })

  it('lets administrators use the page, with the note and the toast', async () => {
    adminStatus = 'admin'
    serve({ is_disabled: true, disable_reason: 'Maintenance' })
    renderPdfEditor()
    expect(await screen.findByText('Viewing as administrator')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Merge PDFs' })).toBeEnabled()
    expect(screen.queryByRole('heading', { name: 'Page Disabled' })).toBeNull()
    // The toast follows the note from an effect, which Preact runs after the next frame.
    await waitFor(() => expect(notify.info).toHaveBeenCalledWith(ADMIN_ACCESS_TOAST))
  })

  it('follows changes when the window regains focus', async () => {
    renderPdfEditor()
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    expect(screen.getByRole('button', { name: 'Merge PDFs' })).toBeVisible()

    serve({ is_disabled: true, disable_reason: 'Back at noon' })
    act(() => void window.dispatchEvent(new Event('focus')))
    expect(await screen.findByText('Back at noon')).toBeVisible()

    serve({ is_disabled: false, disable_reason: '' })
    act(() => void window.dispatchEvent(new Event('focus')))
    expect(await screen.findByRole('button', { name: 'Merge PDFs' })).toBeVisible()
    expect(screen.queryByRole('heading', { name: 'Page Disabled' })).toBeNull()
  })

  it('follows a change reported by an added source (Realtime on page_settings) without focus', async () => {
    let changed: (() => void) | undefined
    const pageSettings: ChangeSource = (onChange) => {
      changed = onChange
      return () => (changed = undefined)
    }
    renderPdfEditor()
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1))
    addDisabledPagesSource(pageSettings) // added while the page watches: started at once
    serve({ is_disabled: true, disable_reason: 'Back at noon' })
    act(() => changed?.())
    expect(await screen.findByText('Back at noon')).toBeVisible()
  })

  it('keeps the cached map when the server cannot be reached', async () => {
    localStorage.setItem(DISABLED_PAGES_STORAGE_KEY, JSON.stringify({ 'pdf-editor': { isDisabled: true, disableReason: 'Cached reason' } }))
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'))
    vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    renderPdfEditor()
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(screen.getByText('Cached reason')).toBeVisible()
  })
})
