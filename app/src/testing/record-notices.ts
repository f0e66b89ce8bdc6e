import { vi } from 'vitest'
import { notify } from '@/lib/notify'

const NOTICE_KINDS = ['success', 'info', 'warning', 'error', 'dismiss', 'failed', 'succeeded'] as const

// Records the notices the code under test asks for instead of showing them. Spies on the one `notify`
// rather than mocking its module: a module mock would outlive the file in the shared worker
// (vitest.config.ts), and the spies are undone before the next test (`restoreMocks`). Call it in a
// `beforeEach`.
export function recordNotices() {
  return Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, vi.spyOn(notify, kind).mockReturnValue(undefined as never)])) as {
    [kind in (typeof NOTICE_KINDS)[number]]: ReturnType<typeof vi.spyOn>
  }
}
