import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import type { RouteObject } from 'react-router'
import { DashboardRecentTools } from '@/app/routes/dashboard-recent-tools'
import { HomePage } from '@/app/routes/home'
import { RequireAuthUnlessDisabled } from '@/app/routes/require-auth-unless-disabled'
import { RootLayout } from '@/app/routes/root-layout'
import { RouteError } from '@/app/routes/route-error'
import { ToolRoute } from '@/app/routes/tool-route'
import { LoadingScreen } from '@/components/loading-screen'
import { PageContainer } from '@/components/page-container'
import { PageHeader } from '@/components/page-header'
import { PagePlaceholder } from '@/components/page-placeholder'
import { loadAccountPage } from '@/features/auth/account'
// Static: the root layout already loads this room (its prompt), and a dynamic import of a module the
// entry holds makes the bundler split shared code out of the entry chunk (+3 KB to the first load).
import { SecondFactorSuggestion } from '@/features/auth/second-factor'
import { PROTECTED_PAGE_PATHS } from '@/features/auth/session'
import { loadLoginPage } from '@/features/auth/sign-in'
import { loadDashboardPage } from '@/features/dashboard'
import { DisabledPageGate } from '@/features/disabled-pages/disabled-page-gate'
import type { PageKey } from '@/lib/page-keys'
import { tools } from '@/tools'
import type { ToolDefinition } from '@/tools/define-tool'

type PageModule = { default: ComponentType }
type DashboardModule = { default: ComponentType<{ recentTools?: ReactNode; cachedPastes?: (userId: string) => { id: string; title: string; views: number; privacy: string }[] }> }

/** A route whose page is a lazy component rather than a lazy route names its code here (app/route-prefetch.ts). */
export interface PrefetchHandle {
  prefetch: () => Promise<unknown>
}

/** Lazy route: the page module becomes its own chunk and loads on first visit. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) }
}

// How /login names the page a signed-out visitor was on ("Dashboard needs an account…"); tools give their own name.
const PROTECTED_PAGE_NAMES: Record<(typeof PROTECTED_PAGE_PATHS)[number], string> = {
  '/dashboard': 'Dashboard',
  '/account': 'Account settings',
  '/admin': 'Admin panel',
  '/settings/security': 'Security settings',
}

/**
 * A page that needs a session (SPEC §4): PROTECTED_PAGE_PATHS lists those outside the tool registry.
 * The session decides before the page's code is asked for ('Loading...', /login or the page), so a
 * signed-out visitor goes straight on to /login without downloading a page they cannot see. One the
 * admin can switch off (its page key) shows a signed-out visitor its notice instead of /login.
 */
function protectedPage(path: (typeof PROTECTED_PAGE_PATHS)[number], load: () => Promise<PageModule>, pageKey?: PageKey): RouteObject {
  const Page = lazy(load)
  const notice = (
    <PageContainer>
      <PageHeader title={PROTECTED_PAGE_NAMES[path]} />
      <DisabledPageGate pageKey={pageKey}>
        <NotSignedIn />
      </DisabledPageGate>
    </PageContainer>
  )
  return {
    path: path.slice(1),
    handle: { prefetch: load } satisfies PrefetchHandle,
    Component: () => (
      <RequireAuthUnlessDisabled pageKey={pageKey} pageName={PROTECTED_PAGE_NAMES[path]} disabledNotice={notice}>
        <Suspense fallback={<PagePlaceholder />}>
          <Page />
        </Suspense>
      </RequireAuthUnlessDisabled>
    ),
  }
}

/** What a disabled page shows in place of the page itself, under its notice, to a visitor who is not signed in. */
function NotSignedIn() {
  return <div className="min-h-80" />
}

/** A tool's heading comes from the registry at once; its page loads into place (tool-route.tsx). */
function toolRoute(tool: Readonly<ToolDefinition>): RouteObject {
  const page = <ToolRoute tool={tool} page={lazy(tool.component)} />
  if (!tool.requiresAuth) return { path: tool.path.slice(1), Component: () => page }
  // The registry's requiresAuth decides which tools need an account; a disabled one says so first.
  const notice = <ToolRoute tool={tool} page={NotSignedIn} />
  return {
    path: tool.path.slice(1),
    Component: () => (
      <RequireAuthUnlessDisabled pageKey={tool.pageKey} pageName={tool.name} disabledNotice={notice}>
        {page}
      </RequireAuthUnlessDisabled>
    ),
  }
}

// Every route of SPEC §2, plus /changelog and /settings/security.
export const appRoutes: RouteObject[] = [
  {
    // The short-link screen stands alone, without header and footer.
    path: 's/:code',
    errorElement: <RouteError standalone />,
    HydrateFallback: LoadingScreen,
    ...page(() => import('@/tools/url-shortener/short-link-redirect-page')),
  },
  {
    path: '/',
    Component: RootLayout,
    // Used only if the layout itself fails; page errors render inside the layout below.
    errorElement: <RouteError standalone />,
    HydrateFallback: LoadingScreen,
    children: [
      {
        errorElement: <RouteError />,
        // A first visit to a lazy page paints the header and footer at once, with the page's outline
        // between them until its chunk arrives ('Loading...' is for the session: SPEC §2).
        HydrateFallback: PagePlaceholder,
        children: [
          { index: true, Component: HomePage },
          { path: 'all-tools', ...page(() => import('@/app/routes/all-tools')) },
          { path: 'help', ...page(() => import('@/app/routes/help')) },
          { path: 'faq', ...page(() => import('@/app/routes/faq')) },
          { path: 'privacy-policy', ...page(() => import('@/app/routes/privacy-policy')) },
          { path: 'terms-of-service', ...page(() => import('@/app/routes/terms-of-service')) },
          { path: 'changelog', ...page(() => import('@/app/routes/changelog')) },
          { path: 'glass-showcase', ...page(() => import('@/app/routes/glass-showcase')) },
          { path: 'login', ...page(loadLoginPage) },
          protectedPage('/dashboard', async (): Promise<PageModule> => {
            const [{ default: Dashboard }, { readLocalPastes }]: [DashboardModule, typeof import('@/features/pastes/paste-store')] = await Promise.all([
              loadDashboardPage(),
              import('@/features/pastes/paste-store'),
            ])
            // Offline, the dashboard shows the user's pastes from this browser's copy (SPEC §3 'pastes').
            const cachedPastes = (userId: string) => readLocalPastes().filter((paste) => paste.userId === userId && !paste.pending)
            return {
              default: () => (
                <DisabledPageGate pageKey="dashboard">
                  <Dashboard recentTools={<DashboardRecentTools />} cachedPastes={cachedPastes} />
                </DisabledPageGate>
              ),
            }
          }, 'dashboard'),
          protectedPage('/account', loadAccountPage),
          protectedPage('/settings/security', async (): Promise<PageModule> => {
            const [{ default: SecuritySettings }, { IdentityGate }] = await Promise.all([
              import('@/features/security/security-settings-page'),
              import('@/features/security/identity-gate'),
            ])
            return { default: () => <IdentityGate><SecuritySettings /></IdentityGate> }
          }),
          protectedPage('/admin', async (): Promise<PageModule> => {
            const [{ default: Admin }, { AdminOnly }, { IdentityGate }, { IncidentLogPanel }] = await Promise.all([
              import('@/features/admin/admin-page'),
              import('@/features/admin/admin-only'),
              import('@/features/security/identity-gate'),
              import('@/features/security/incident-log-panel'),
            ])
            // Admins only (a 403 page for others), then the 'maximum' level's identity check.
            return { default: () => <AdminOnly><IdentityGate><Admin incidentLog={<IncidentLogPanel />} securityNotice={<SecondFactorSuggestion />} /></IdentityGate></AdminOnly> }
          }),
          { path: 'paste/new', ...page(() => import('@/features/pastes/paste-new-page')) },
          { path: 'paste/:id', ...page(() => import('@/features/pastes/paste-view-page')) },
          { path: 'paste/:id/edit', ...page(() => import('@/features/pastes/paste-edit-page')) },
          ...tools.map(toolRoute),
          { path: '*', ...page(() => import('@/app/routes/not-found')) },
        ],
      },
    ],
  },
]
