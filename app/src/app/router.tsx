import { createBrowserRouter } from 'react-router'
import { appRoutes } from '@/app/route-table'
import { setSessionNavigator } from '@/features/auth/session'

export const router = createBrowserRouter(appRoutes)

// Auth events (e.g. a sign-out in another tab) move the visitor without reloading the app.
setSessionNavigator((path) => void router.navigate(path))
