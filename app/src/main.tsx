import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from '@/app/providers'
import { router } from '@/app/router'
import { startStoredSession } from '@/app/session-bootstrap'
import '@/index.css'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

startStoredSession()
// Local security checks and the catch-all for unexpected failures load beside the first page.
void import('@/features/security/security-monitor').then(({ startSecurityMonitor }) => startSecurityMonitor())
// Live re-checks of admin status and disabled pages (Realtime), loaded beside the first page too.
void import('@/app/realtime-sources').then(({ startRealtimeSources }) => startRealtimeSources())

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
