import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { AppProviders } from '@/app/providers'
import { prefetchOnIntent } from '@/app/route-prefetch'
import { router } from '@/app/router'
import { startSessionFromStorage } from '@/app/session-bootstrap'
import { afterFirstPaint } from '@/lib/after-first-paint'
import { whenVisitorActs } from '@/lib/when-visitor-acts'
import '@/index.css'

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element in index.html')

const signedOut = startSessionFromStorage() === 'signed-out'
// Local security checks and the catch-all for unexpected failures: not needed to show the first
// page, so they load once it has painted. From then on, a link the visitor points at or focuses
// starts loading its page.
afterFirstPaint(() => {
  prefetchOnIntent()
  void import('@/features/security/security-monitor').then(({ startSecurityMonitor }) => startSecurityMonitor())
})
// The live re-checks of admin status and disabled pages (Realtime, which loads supabase-js): a
// signed-in visitor's after the first paint, a signed-out visitor's at their first act on the page
// (until then the stores' focus and poll re-checks stand), so a first visit loads no supabase-js.
const startRealtime = () => void import('@/app/realtime-sources').then(({ startRealtimeSources }) => startRealtimeSources())
if (signedOut) whenVisitorActs(startRealtime)
else afterFirstPaint(startRealtime)

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
)
