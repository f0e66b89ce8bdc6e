import { Suspense } from 'react'
import { Outlet, ScrollRestoration } from 'react-router'
import { Footer } from '@/components/layout/footer'
import { Header } from '@/components/layout/header'
import { NavigationProgress } from '@/components/layout/navigation-progress'
import { InstallPrompt } from '@/features/install-prompt/install-prompt'
import { SecondFactorPrompt } from '@/features/auth/second-factor'
import { ThemeToggle } from '@/features/theme/theme-toggle'
import { lazyExport } from '@/lib/lazy-export'
import { SwitchedOffBadge } from '@/features/disabled-pages/switched-off-badge'
import type { ToolBadge } from '@/components/layout/nav-types'
import { tools, toolsByCategory } from '@/tools'

const toolGroups = toolsByCategory()
// The offline queue (IndexedDB, its replays and their indicator) shows nothing while online with
// nothing queued: it loads beside the first page instead of in its script, asked for at the first
// render (no wait for a frame), and comes from the service worker's cache on an offline visit.
const PendingSyncIndicator = lazyExport(() => import('@/app/offline-operations'), 'PendingSyncIndicator')
// Rendered only while the menu or the palette is open: only then does the header watch the page switches.
const switchedOff: ToolBadge = (tool) => <SwitchedOffBadge pageKey={tool.pageKey} />

export function RootLayout() {
  return (
    <div className="page-glow flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <Header
        tools={tools}
        groups={toolGroups}
        toolBadge={switchedOff}
        actions={
          <>
            <Suspense fallback={null}>
              <PendingSyncIndicator />
            </Suspense>
            <ThemeToggle />
          </>
        }
      />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <Footer />
      <InstallPrompt />
      <SecondFactorPrompt />
      <ScrollRestoration />
    </div>
  )
}
