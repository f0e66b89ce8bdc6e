// Which feature replays which queued operation. Loaders are lazy: the pastes code loads only when
// the queue has something to sync, so the header's indicator stays light. The layout loads this
// module beside the first page, not in its script (root-layout.tsx), with the indicator it serves.
import { registerOperationHandler } from '@/features/offline/sync'

export { PendingSyncIndicator } from '@/features/offline/pending-sync-indicator'

registerOperationHandler('createPaste', async () => (await import('@/features/pastes/offline-handlers')).syncCreatePaste)
registerOperationHandler('updateFile', async () => (await import('@/features/pastes/offline-handlers')).syncUpdatePaste)
