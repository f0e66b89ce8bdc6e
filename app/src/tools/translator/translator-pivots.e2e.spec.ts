import { expect, test, type Page } from '@playwright/test'
import { createUser } from '../../../e2e/admin-accounts'
import { signedInAs } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolationsInBothThemes } from '../../../e2e/support'

// Issue 37, on the real engine (Apertium APY): a translation through a third language is announced,
// with its lower quality, before it is sent; an old translation is marked once the text or the
// languages change.

const translation = (page: Page) => page.getByRole('textbox', { name: 'Translation', exact: true })

// One flow; the note is checked for contrast in both themes (support.ts) instead of running the flow twice.
test('English to French says before sending that it goes through Spanish and is rougher', async ({ browser }) => {
  const page = await signedInAs(browser, await createUser())
  await page.goto('/translator')
  await page.getByRole('combobox', { name: 'Translate from' }).click()
  await page.getByRole('option', { name: 'English', exact: true }).click()
  await page.getByRole('combobox', { name: 'Translate to' }).click()
  // In the list already: which targets are reached only through another language.
  await expect(page.getByRole('option', { name: 'French · through Spanish' })).toBeVisible()
  await expect(page.getByRole('option', { name: 'Spanish', exact: true })).toBeVisible()
  await page.getByRole('option', { name: 'French · through Spanish' }).click()
  await expect(page.getByRole('combobox', { name: 'Translate to' })).toHaveText('French · through Spanish')
  await expect(page.getByTestId('pivot-note')).toHaveText(
    'No direct pair: the text will be translated into Spanish first, then into French — expect a rougher translation than a direct pair gives.',
  )
  await expectNoSeriousAxeViolationsInBothThemes(page)
  await page.getByLabel('Text to translate').fill('The cat is sleeping on the table.')
  await page.getByRole('button', { name: 'Translate', exact: true }).click()
  await expect(translation(page)).toHaveValue(/chat/)
  await expect(page.getByTestId('pivot-note')).toHaveText(
    'Translated through Spanish: this engine has no direct pair for these languages — expect a rougher translation than a direct pair gives.',
  )
})

test('a translation is marked out of date when the text or the target changes, and the text stays', async ({ browser }) => {
  const page = await signedInAs(browser, await createUser())
  await page.goto('/translator')
  await page.getByRole('combobox', { name: 'Translate from' }).click()
  await page.getByRole('option', { name: 'English', exact: true }).click()
  await page.getByRole('combobox', { name: 'Translate to' }).click()
  await page.getByRole('option', { name: 'Spanish', exact: true }).click()
  const input = page.getByLabel('Text to translate')
  await input.fill('The cat is sleeping on the table.')
  await input.press('Control+Enter')
  await expect(translation(page)).toHaveValue(/gato/)
  await expect(page.getByTestId('stale-translation')).toHaveCount(0)

  await input.fill('The dog is sleeping on the table.')
  await expect(page.getByTestId('stale-translation')).toHaveText('Out of date: the text or the languages changed since this translation. Translate again.')
  await expect(translation(page)).toHaveAccessibleDescription(/Out of date/)
  await expect(page.getByRole('button', { name: 'Copy translation' })).toBeDisabled()
  await input.press('Control+Enter')
  await expect(translation(page)).toHaveValue(/perro/)
  await expect(page.getByTestId('stale-translation')).toHaveCount(0)

  await page.getByRole('combobox', { name: 'Translate to' }).click()
  await page.getByRole('option', { name: 'Catalan', exact: true }).click()
  await expect(page.getByTestId('stale-translation')).toBeVisible()
  await expect(input).toHaveValue('The dog is sleeping on the table.')
  await page.getByRole('button', { name: 'Translate', exact: true }).click()
  await expect(translation(page)).toHaveValue(/gos/)
  await expect(page.getByTestId('stale-translation')).toHaveCount(0)
})
