import { ShieldAlert } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { DisabledPageOverlay } from '@/features/disabled-pages/disabled-page-overlay'
import { disabledMessage } from '@/features/disabled-pages/disabled-pages-map'
import { usePageState } from '@/features/disabled-pages/disabled-pages-store'
import { useAdminStatus } from '@/lib/use-admin-status'
import { notify } from '@/lib/notify'
import type { PageKey } from '@/lib/page-keys'

export const ADMIN_ACCESS_TOAST = 'This page is disabled, but you have admin access'

/**
 * SPEC §4 disabled page: others see the page blurred, unreachable by pointer, keyboard and screen
 * reader; admins use it with a note and a toast. The tools' server endpoints stay open either way:
 * disabling a page is an editorial switch, not an access rule.
 */
export function DisabledPageGate({ pageKey, children }: { pageKey?: PageKey; children: ReactNode }) {
  // Tools the admin cannot switch off (no page key) never ask for the map.
  if (!pageKey) return children
  return <SwitchablePage pageKey={pageKey}>{children}</SwitchablePage>
}

function SwitchablePage({ pageKey, children }: { pageKey: PageKey; children: ReactNode }) {
  const state = usePageState(pageKey)
  if (state?.isDisabled !== true) return children
  return <DisabledPage message={disabledMessage(state)}>{children}</DisabledPage>
}

/** Only a disabled page asks who is looking, so enabled pages start no admin re-checks. */
function DisabledPage({ message, children }: { message: string; children: ReactNode }) {
  const viewingAsAdmin = useAdminStatus() === 'admin'

  useEffect(() => {
    if (viewingAsAdmin) notify.info(ADMIN_ACCESS_TOAST)
  }, [viewingAsAdmin])

  if (viewingAsAdmin) {
    return (
      <>
        <p role="status" className="mb-4 flex items-center gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-900 dark:text-amber-200">
          <ShieldAlert aria-hidden className="size-4 shrink-0" />
          <span>
            <strong className="font-semibold">Viewing as administrator</strong> — this page is disabled for everyone else: {message}
          </span>
        </p>
        {children}
      </>
    )
  }
  return (
    <div className="relative min-h-80" data-testid="disabled-page">
      <div inert aria-hidden className="pointer-events-none blur-sm select-none">
        {children}
      </div>
      <DisabledPageOverlay message={message} />
    </div>
  )
}
