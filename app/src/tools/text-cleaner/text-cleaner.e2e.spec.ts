import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

test('cleans text with chained transforms, counts live, undoes, copies and downloads', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const problems = watchConsole(page)
  await page.goto('/text-cleaner')
  const box = page.getByRole('textbox', { name: 'Text to clean' })
  const counts = page.getByTestId('counts')
  await box.fill('  pear  \n\napple\n“Crème”   brûlée\napple\u200B\n')
  await expect(counts).toContainText('Lines6')

  for (const name of ['Remove zero-width and control characters', 'Trim', 'Remove empty lines', 'Remove duplicate lines', 'Sort A–Z']) {
    await page.getByRole('button', { name, exact: true }).click()
  }
  await expect(box).toHaveValue('“Crème”   brûlée\napple\npear')
  await page.getByRole('button', { name: 'Straighten smart quotes' }).click()
  await page.getByRole('button', { name: 'Collapse spaces' }).click()
  await page.getByRole('button', { name: 'Remove diacritics' }).click()
  await expect(box).toHaveValue('"Creme" brulee\napple\npear')
  await expect(counts).toContainText('Characters25')
  await expect(counts).toContainText('Words4')
  await expect(counts).toContainText('Lines3')
  await expect(counts).toContainText('Bytes (UTF-8)25')
  await expect(page.getByTestId('chain')).toHaveText(/^Remove zero-width .* → Remove diacritics$/)

  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(box).toHaveValue('"Crème" brûlée\napple\npear')
  await page.getByRole('button', { name: 'Redo' }).click()
  await expect(box).toHaveValue('"Creme" brulee\napple\npear')

  await page.getByLabel('Find').fill('(\\w+)$')
  await page.getByLabel('Replace with').fill('[$1]')
  await page.getByRole('checkbox', { name: 'Regular expression' }).click()
  await page.getByRole('button', { name: 'Replace all' }).click()
  // Without the m flag, $ is the end of the whole text.
  await expect(box).toHaveValue('"Creme" brulee\napple\n[pear]')
  await expect(page.getByRole('status').filter({ hasText: 'Replaced 1 match.' })).toBeVisible()
  await page.getByLabel('Find').fill('(')
  await page.getByRole('button', { name: 'Replace all' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid regular expression' })).toBeVisible()
  await expect(box).toHaveValue('"Creme" brulee\napple\n[pear]')

  await page.getByRole('button', { name: 'UPPER CASE' }).click()
  await page.getByRole('button', { name: 'Copy text' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('"CREME" BRULEE\nAPPLE\n[PEAR]')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download as .txt' }).click()])
  expect(download.suggestedFilename()).toBe('cleaned-text.txt')
  expect(await readFile(await download.path(), 'utf8')).toBe('"CREME" BRULEE\nAPPLE\n[PEAR]')

  await expectNoSeriousAxeViolationsInBothThemes(page)

  await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('from a file\n') })
  await expect(box).toHaveValue('from a file\n')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(box).toHaveValue('"CREME" BRULEE\nAPPLE\n[PEAR]')
  expect(problems).toEqual([])
})
