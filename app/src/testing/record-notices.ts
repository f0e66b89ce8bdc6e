import { vi } from 'vitest'
import * as notifyModule from '@/lib/notify'

const NOTICE_KINDS = ['success', 'info', 'warning', 'error', 'dismiss', 'failed', 'succeeded'] as const

type RecordedNotices = ReturnType<typeof vi.fn> & { [kind in (typeof NOTICE_KINDS)[number]]: ReturnType<typeof vi.fn> }

// Records the notices the code under test asks for, `notify(…)` and `notify.error(…)` alike, instead of
// showing them. A spy on the module's one export rather than a module mock: a module mock would
// outlive the file in the shared worker (vitest.config.ts), and the spy is undone before the next test
// (`restoreMocks`). Call it in a `beforeEach`.
export function recordNotices(): RecordedNotices {
  const shown = vi.spyOn(notifyModule, 'notify').mockReturnValue(undefined as never)
  return Object.assign(shown, Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, vi.fn()]))) as unknown as RecordedNotices
}
