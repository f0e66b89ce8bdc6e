import { expect, test } from '@playwright/test'
import { signedUpAndIn } from '../../../e2e/accounts'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'

// ./scripts/test points the BFF at the LibreTranslate-protocol server its own tests use
// (bff/tests/tools_servers/fake_libretranslate.py): English → German knows "hello world", and
// auto-detect reports English at 83 %.

test('signed out, the translator sends the visitor to sign in first', async ({ page }) => {
  await page.goto('/translator')
  await expect(page).toHaveURL(/\/login\?next=%2Ftranslator$/)
})

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: translates through the engine with detection, swap and local history`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    const problems = watchConsole(page)
    await signedUpAndIn(page)
    await page.goto('/translator')

    const input = page.getByLabel('Text to translate')
    await input.fill('hello world')
    await expect(page.getByText('11 / 20,000 characters')).toBeVisible()
    // While typing pauses, the engine's /detect names the language; translating then reports its own detection.
    await expect(page.getByTestId('detected-language')).toHaveText('Detected: English · 90% confidence')
    await expect(page.getByRole('combobox', { name: 'Translate from' })).toHaveText('Detect language')
    await page.getByRole('combobox', { name: 'Translate to' }).click()
    await page.getByRole('option', { name: 'German' }).click()
    await input.press('Control+Enter')

    await expect(page.getByRole('textbox', { name: 'Translation', exact: true })).toHaveValue('Hallo Welt')
    await expect(page.getByTestId('detected-language')).toHaveText('Detected: English · 83% confidence')
    await expectNoSeriousAxeViolations(page)

    // Swap takes the detected language as the new target and exchanges the texts.
    await page.getByRole('button', { name: 'Swap languages' }).click()
    await expect(page.getByRole('combobox', { name: 'Translate from' })).toHaveText('German')
    await expect(page.getByRole('combobox', { name: 'Translate to' })).toHaveText('English')
    await expect(input).toHaveValue('Hallo Welt')
    await expect(page.getByRole('textbox', { name: 'Translation', exact: true })).toHaveValue('hello world')

    // The history survives a reload and puts a translation back in the editor.
    await page.reload()
    const entry = page.getByTestId('history-entry').filter({ hasText: 'hello world' })
    await expect(entry).toContainText('English (detected) → German')
    await expect(entry).toContainText('Hallo Welt')
    await entry.getByRole('button').first().click()
    await expect(page.getByLabel('Text to translate')).toHaveValue('hello world')
    await expect(page.getByRole('textbox', { name: 'Translation', exact: true })).toHaveValue('Hallo Welt')
    await expectNoSeriousAxeViolations(page)
    expect(problems).toEqual([])
  })
}

test('at 360 px: a chosen source narrows the targets to what the engine offers', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 })
  await signedUpAndIn(page)
  await page.goto('/translator')
  await page.getByRole('combobox', { name: 'Translate from' }).click()
  await page.getByRole('option', { name: 'French' }).click()
  await expect(page.getByRole('combobox', { name: 'Translate to' })).toHaveText('English')
  await page.getByLabel('Text to translate').fill('bonjour')
  await page.getByRole('button', { name: 'Translate', exact: true }).click()
  // The local engine has no French dictionary and answers with the text unchanged; no detection without auto.
  await expect(page.getByRole('textbox', { name: 'Translation', exact: true })).toHaveValue('bonjour')
  await expect(page.getByTestId('detected-language')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
})
