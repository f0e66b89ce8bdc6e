import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { HomePage } from '@/app/routes/home'
import { RootLayout } from '@/app/routes/root-layout'
import { RouteError } from '@/app/routes/route-error'
import { ToolRoute } from '@/app/routes/tool-route'
import { LoadingScreen } from '@/components/loading-screen'
import { tools } from '@/tools'
import type { ToolDefinition } from '@/tools/define-tool'

type PageModule = { default: ComponentType }

/** Lazy route: the page module becomes its own chunk and loads on first visit. */
function page(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) }
}

function toolRoute(tool: Readonly<ToolDefinition>): RouteObject {
  return {
    path: tool.path.slice(1),
    lazy: async () => {
      const { default: ToolPage } = await tool.component()
      return { Component: () => <ToolRoute tool={tool} page={ToolPage} /> }
    },
  }
}

// Every route of SPEC §2, plus /changelog and /settings/security.
export const appRoutes: RouteObject[] = [
  {
    // The short-link screen stands alone, without header and footer.
    path: 's/:code',
    errorElement: <RouteError standalone />,
    HydrateFallback: LoadingScreen,
    ...page(() => import('@/features/short-links/short-link-page')),
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
        children: [
          { index: true, Component: HomePage },
          { path: 'all-tools', ...page(() => import('@/app/routes/all-tools')) },
          { path: 'help', ...page(() => import('@/app/routes/help')) },
          { path: 'faq', ...page(() => import('@/app/routes/faq')) },
          { path: 'privacy-policy', ...page(() => import('@/app/routes/privacy-policy')) },
          { path: 'terms-of-service', ...page(() => import('@/app/routes/terms-of-service')) },
          { path: 'changelog', ...page(() => import('@/app/routes/changelog')) },
          { path: 'glass-showcase', ...page(() => import('@/app/routes/glass-showcase')) },
          { path: 'login', ...page(() => import('@/features/auth/login-page')) },
          { path: 'dashboard', ...page(() => import('@/features/auth/dashboard-page')) },
          { path: 'account', ...page(() => import('@/features/auth/account-page')) },
          { path: 'settings/security', ...page(() => import('@/features/auth/security-settings-page')) },
          { path: 'admin', ...page(() => import('@/features/admin/admin-page')) },
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
