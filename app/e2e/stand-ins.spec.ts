import { expect, test } from '@playwright/test'

// Radix's switch arrives after the first paint (components/ui/switch.tsx): until then a stand-in of
// the same look does its work, and a keyboard user on it stays where they are when Radix's takes over.
test("a switch used by keyboard before Radix's has arrived keeps its state and the focus when it does", async ({ page }) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/switch-radix-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/password-generator')
  const lowercase = page.getByRole('switch', { name: 'Lowercase (a–z)' })
  await expect(lowercase).toHaveAttribute('aria-checked', 'true')
  await lowercase.focus()
  await page.keyboard.press('Space')
  await expect(lowercase).toHaveAttribute('aria-checked', 'false')
  await page.evaluate(() => Object.assign(window, { standIn: document.activeElement }))

  release()
  await page.waitForFunction(() => !(window as unknown as { standIn: Element }).standIn.isConnected)
  await expect(lowercase).toBeFocused()
  await expect(lowercase).toHaveAttribute('aria-checked', 'false')
  await page.keyboard.press('Space')
  await expect(lowercase).toHaveAttribute('aria-checked', 'true')
})
