// The offline queue's replay handlers and the header's indicator, loaded after the first paint:
// they need IndexedDB (idb) and nothing is synced before the app runs, so the entry chunk stays light.
import '@/app/offline-operations'
import { PendingSyncIndicator } from '@/features/offline/pending-sync-indicator'

export default PendingSyncIndicator
