import { expect, test, type Page } from '@playwright/test'
import { signedInNewUser } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

// ./scripts/test runs the real engine, Apertium APY with Debian's language pairs
// (scripts/stack/translation_engine.py); the words of each translation are checked.

const translation = (page: Page) => page.getByRole('textbox', { name: 'Translation', exact: true })

async function choose(page: Page, label: 'Translate from' | 'Translate to', language: string) {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: language, exact: true }).click()
}

test('signed out, the translator sends the visitor to sign in first', async ({ page }) => {
  await page.goto('/translator')
  await expect(page).toHaveURL(/\/login\?next=%2Ftranslator$/)
})

test('English to Spanish and back on the real engine, with detection and history', async ({ page }) => {
  const problems = watchConsole(page)
  await signedInNewUser(page)
  await page.goto('/translator')

  const input = page.getByLabel('Text to translate')
  await expect(page.getByText(/up to 5,000 characters/)).toBeVisible() // the limit, before sending
  await input.fill('The cat is sleeping on the table.')
  await expect(page.getByText('33 / 5,000 characters')).toBeVisible()
  // While typing pauses, the offline detector names the language and its confidence.
  await expect(page.getByTestId('detected-language')).toHaveText(/^Detected: English · \d+% confidence$/)
  await expect(page.getByRole('combobox', { name: 'Translate from' })).toHaveText('Detect language')
  await choose(page, 'Translate to', 'Spanish')
  await input.press('Control+Enter')
  await expect(translation(page)).toHaveValue(/gato.*mesa/)
  await expectNoSeriousAxeViolationsInBothThemes(page)

  // Swap: Spanish → English with the texts exchanged; translating again comes back in English.
  await page.getByRole('button', { name: 'Swap languages' }).click()
  await expect(page.getByRole('combobox', { name: 'Translate from' })).toHaveText('Spanish')
  await expect(page.getByRole('combobox', { name: 'Translate to' })).toHaveText('English')
  await page.getByRole('button', { name: 'Translate', exact: true }).click()
  await expect(translation(page)).toHaveValue(/cat.*table/i)

  // The history survives a reload and puts a translation back in the editor.
  await page.reload()
  const entry = page.getByTestId('history-entry').filter({ hasText: 'English (detected) → Spanish' })
  await expect(entry).toContainText('The cat is sleeping on the table.')
  await entry.getByRole('button').first().click()
  await expect(input).toHaveValue('The cat is sleeping on the table.')
  await expect(translation(page)).toHaveValue(/gato/)
  await expectNoSeriousAxeViolationsInBothThemes(page)
  expect(problems).toEqual([])
})

test('a pair without a direct engine pair goes through Spanish, and says so', async ({ page }) => {
  await signedInNewUser(page)
  await page.goto('/translator')
  await choose(page, 'Translate from', 'English')
  await choose(page, 'Translate to', 'Portuguese · through Spanish')
  await expect(page.getByTestId('pivot-note')).toContainText('No direct pair: the text will be translated into Spanish first')
  await page.getByLabel('Text to translate').fill('I like green apples.')
  await page.getByRole('button', { name: 'Translate', exact: true }).click()
  await expect(translation(page)).toHaveValue(/maçãs verdes/)
  await expect(page.getByTestId('pivot-note')).toContainText('Translated through Spanish: this engine has no direct pair for these languages')
})

test('at 360 px, by keyboard: a language the engine lacks and an over-long text are refused, the text kept', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await signedInNewUser(page)
  await page.goto('/translator')
  const input = page.getByLabel('Text to translate')
  await input.focus()
  await page.keyboard.type('Guten Morgen, wie geht es dir heute? Ich habe Hunger.')
  await expect(page.getByTestId('detected-language')).toContainText('Detected: German')
  await expect(page.getByTestId('detected-language')).toContainText('not a language this site translates from')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByText(/cannot translate German into/)).toBeVisible()
  await expect(input).toHaveValue('Guten Morgen, wie geht es dir heute? Ich habe Hunger.')

  await input.fill('a'.repeat(5001))
  await expect(page.getByText(/5,001 \/ 5,000 characters — shorten the text/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Translate', exact: true })).toBeDisabled()
  await expect(input).toHaveValue('a'.repeat(5001))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expectNoSeriousAxeViolationsInBothThemes(page)
})
