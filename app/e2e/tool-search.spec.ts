import { expect, test } from '@playwright/test'

// Issue 37: searching for a tool forgives a typing slip, and the PDF editor says it redacts (its
// redaction hid under "More tools").

test('Ctrl+K and /all-tools find the translator for "translte", ranked first', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Search tools' }).click()
  const search = page.getByRole('combobox', { name: 'Search tools' })
  await search.fill('translte')
  await expect(page.getByRole('option').first()).toContainText('Translator')
  await search.fill('pasword generater')
  await expect(page.getByRole('option')).toHaveCount(1)
  await expect(page.getByRole('option')).toContainText('Password generator')
  await page.keyboard.press('Escape')

  await page.goto('/all-tools')
  const filter = page.getByRole('searchbox', { name: 'Filter tools' })
  await filter.fill('translte')
  await expect(page.getByRole('heading', { level: 3, name: 'Translator' })).toBeVisible()
  await filter.fill('zzzz')
  await expect(page.getByText('No tools match “zzzz”.')).toBeVisible()
})

test("the PDF editor's description names redaction, and a search for it finds the editor", async ({ page }) => {
  await page.goto('/all-tools')
  await page.getByRole('searchbox', { name: 'Filter tools' }).fill('redact')
  const card = page.getByRole('link', { name: /PDF editor/ })
  await expect(card).toHaveCount(1)
  await expect(card).toContainText('redact text and areas')
  await card.click()
  await expect(page.getByRole('heading', { level: 1, name: 'PDF editor' })).toBeVisible()
  await expect(page.getByText(/redact text and areas/)).toBeVisible()
})
