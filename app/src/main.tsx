import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from '@/app/providers'
import { prefetchOnIntent } from '@/app/route-prefetch'
import { router } from '@/app/router'
import { startLiveRechecks, startSessionFromStorage } from '@/app/session-bootstrap'
import { afterFirstPaint } from '@/lib/after-first-paint'
import '@/index.css'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

startSessionFromStorage()
// Local security checks and the catch-all for unexpected failures: not needed to show the first
// page, so they load once it has painted. From then on, a link the visitor points at or focuses
// starts loading its page.
afterFirstPaint(() => {
  prefetchOnIntent()
  void import('@/features/security/security-monitor').then(({ startSecurityMonitor }) => startSecurityMonitor())
})
startLiveRechecks(() => void import('@/app/realtime-sources').then(({ startRealtimeSources }) => startRealtimeSources()))

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
