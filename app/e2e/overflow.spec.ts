import { expect, test } from '@playwright/test'
import { createUser } from './admin-accounts'
import { PUBLIC_PATHS, SIGNED_IN_PATHS } from './route-paths'
import { signedInAs } from './signed-in'
import { overflowingRoutes } from './support'

// No page scrolls sideways, on a 360 px phone or a 1280 px laptop: every route signed in with long
// names (the admin's pages: src/features/admin/admin-polish.e2e.spec.ts; signed out, each route's
// own test in routes.spec.ts measures both widths). One load per route; the two widths are measured on it.
test.describe.configure({ timeout: 180_000 })

test('signed in with long names: no route scrolls sideways at 360 or 1280 px', async ({ browser }) => {
  const stamp = Date.now().toString(36)
  const user = await createUser({ email: `e2e-a-rather-long-mailbox-name-for-layout-${stamp}@long-subdomain.example.com`, username: `e2e_longest_nickname_${stamp}`.slice(0, 32) })
  const page = await signedInAs(browser, user)
  expect(await overflowingRoutes(page, [...SIGNED_IN_PATHS, ...PUBLIC_PATHS])).toEqual([])
})
