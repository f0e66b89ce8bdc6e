import { Ban } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { usePageState } from '@/features/disabled-pages/disabled-pages-store'
import { useAdminStatus } from '@/lib/use-admin-status'
import type { PageKey } from '@/lib/page-keys'

/** What navigation (/all-tools, the tools menu, the palette) says of a page the admin switched off. */
export const SWITCHED_OFF_LABELS = { visitor: 'Disabled', admin: 'Off for visitors' } as const

/**
 * Beside a tool's name wherever it is listed, while its page is switched off: visitors learn before
 * they open it (or sign in for it) that it is unavailable; admins, who may still use it, that nobody else can.
 */
export function SwitchedOffBadge({ pageKey }: { pageKey?: PageKey }) {
  if (!pageKey) return null
  return <SwitchablePageBadge pageKey={pageKey} />
}

function SwitchablePageBadge({ pageKey }: { pageKey: PageKey }) {
  const disabled = usePageState(pageKey)?.isDisabled === true
  const viewer = useAdminStatus()
  if (!disabled || viewer === 'checking') return null
  return (
    <Badge variant={viewer === 'admin' ? 'outline' : 'secondary'} data-testid="switched-off-badge">
      <Ban aria-hidden />
      {SWITCHED_OFF_LABELS[viewer === 'admin' ? 'admin' : 'visitor']}
    </Badge>
  )
}
