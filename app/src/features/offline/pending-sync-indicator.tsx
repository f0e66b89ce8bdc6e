import { CloudOff, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { syncNow } from '@/features/offline/sync'
import { useOfflineSync } from '@/features/offline/use-offline-sync'
import { countOf } from '@/lib/plural'

/** The header's pending-sync indicator: hidden while online with nothing queued; a click is "Sync now". */
export function PendingSyncIndicator() {
  const { pending, online } = useOfflineSync()
  const [syncing, setSyncing] = useState(false)
  if (online && pending === 0) return null

  const label = online
    ? `Sync now: ${countOf(pending, 'change')} pending`
    : `Offline${pending > 0 ? `: ${countOf(pending, 'change')} waiting to sync` : ''}`
  const sync = async () => {
    setSyncing(true)
    try {
      await syncNow('manual')
    } finally {
      setSyncing(false)
    }
  }

  return (
    <Button
      variant="outline"
      size="sm"
      className="gap-1.5 px-2.5 tabular-nums"
      aria-label={label}
      title={label}
      onClick={() => void sync()}
      disabled={syncing}
      data-testid="pending-sync"
    >
      {online ? <RefreshCw aria-hidden className={cn(syncing && 'animate-spin')} /> : <CloudOff aria-hidden className="text-warning" />}
      {pending > 0 && <span>{pending}</span>}
    </Button>
  )
}
