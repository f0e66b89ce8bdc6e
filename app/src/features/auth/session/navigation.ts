// The session lifecycle runs outside React, so the router registers how to navigate (app/router.tsx);
// until then (and in tests) a full page load does it.
type Navigate = (path: string) => void

let navigateTo: Navigate = (path) => window.location.assign(path)

export function setSessionNavigator(navigate: Navigate): void {
  navigateTo = navigate
}

export function sessionNavigate(path: string): void {
  navigateTo(path)
}
