import { expect, test } from '@playwright/test'

// Issue 37: on /login, Tab goes from the chosen tab straight to the form's first field; the tab panel
// around the form is no stop of its own (it took focus and drew an outline around the whole form).

for (const [tab, first] of [['Sign in', 'Email'], ['Create account', 'Username']] as const) {
  test(`keyboard: from the "${tab}" tab, Tab reaches the ${first.toLowerCase()} field at once`, async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('tab', { name: tab }).click()
    await expect(page.getByRole('tab', { name: tab })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel(first, { exact: true })).toBeFocused()
    await expect(page.getByRole('tabpanel')).not.toHaveAttribute('tabindex', '0')
  })
}
