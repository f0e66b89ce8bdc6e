// Which feature replays which queued operation. Loaders are lazy: the pastes code loads only when
// the queue has something to sync, so the header's indicator stays light.
import { registerOperationHandler } from '@/features/offline/sync'

registerOperationHandler('createPaste', async () => (await import('@/features/pastes/offline-handlers')).syncCreatePaste)
registerOperationHandler('updateFile', async () => (await import('@/features/pastes/offline-handlers')).syncUpdatePaste)
