// The auth/account room: /account (profile, email, password, sign-in methods, devices, deletion).
// The only entry for other rooms and features; the page loads on first visit.
export const loadAccountPage = () => import('@/features/auth/account/account-page')
