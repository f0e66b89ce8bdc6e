import { beforeEach, describe, expect, it, vi } from 'vitest'

const toastMock = vi.hoisted(() => {
  const base = vi.fn()
  return Object.assign(base, { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn(), dismiss: vi.fn() })
})
vi.mock('sonner', () => ({ toast: toastMock }))

const { notify, NOTIFY_DURATIONS_MS } = await import('@/lib/notify')

describe('notify', () => {
  beforeEach(() => {
    vi.clearAllMocks()
  })

  it('uses the SPEC §9 durations per variant', () => {
    expect(NOTIFY_DURATIONS_MS).toEqual({ default: 4000, success: 4000, info: 4000, warning: 5000, destructive: 6000 })
  })

  it.each([
    ['success', toastMock.success, 4000],
    ['info', toastMock.info, 4000],
    ['warning', toastMock.warning, 5000],
    ['destructive', toastMock.error, 6000],
    ['default', toastMock, 4000],
  ] as const)('%s notices go to the matching sonner call with %#', async (variant, target, duration) => {
    notify({ title: 'Saved', description: 'Details', variant })
    await vi.waitFor(() => expect(target).toHaveBeenCalledWith('Saved', expect.objectContaining({ description: 'Details', duration })))
  })

  it('has shorthands, including error for the destructive variant', async () => {
    notify.error('Session data error')
    await vi.waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Session data error', expect.objectContaining({ duration: 6000 })))
    notify.success('You are back online!')
    await vi.waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('You are back online!', expect.objectContaining({ duration: 4000 })))
  })

  it('lets a caller override the duration', async () => {
    notify({ title: 'Sticky', variant: 'warning', duration: Infinity })
    await vi.waitFor(() => expect(toastMock.warning).toHaveBeenCalledWith('Sticky', expect.objectContaining({ duration: Infinity })))
  })
})
