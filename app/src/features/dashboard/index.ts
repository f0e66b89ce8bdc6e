// The dashboard feature: /dashboard (the signed-in user's short links and pastes). The only entry
// for other features; the page loads on first visit.
export const loadDashboardPage = () => import('@/features/dashboard/dashboard-page')
