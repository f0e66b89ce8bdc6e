import { createBrowserRouter } from 'react-router'
import { appRoutes } from '@/app/route-table'

export const router = createBrowserRouter(appRoutes)
