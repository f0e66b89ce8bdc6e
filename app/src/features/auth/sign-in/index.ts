// The auth/sign-in room: /login (password, magic link, sign-up, the email links' landing).
// The only entry for other rooms and features; the page loads on first visit.
export const loadLoginPage = () => import('@/features/auth/sign-in/login-page')
