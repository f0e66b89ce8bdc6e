import * as sonner from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { notify, NOTIFY_DURATIONS_MS } from '@/lib/notify'

const toastMock = Object.assign(vi.fn(), { success: vi.fn(), info: vi.fn(), warning: vi.fn(), error: vi.fn(), dismiss: vi.fn() })

describe('notify', () => {
  beforeEach(() => {
    // A spy on sonner's export rather than a module mock, which would outlive this file in the shared worker.
    const { success, info, warning, error, dismiss } = toastMock
    Object.assign(vi.spyOn(sonner, 'toast').mockImplementation(toastMock as never), { success, info, warning, error, dismiss })
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
