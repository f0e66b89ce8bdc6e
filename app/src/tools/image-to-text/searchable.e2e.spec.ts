import path from 'node:path'
import { expect as baseExpect, test } from '@playwright/test'
import { makeDocuments, pdfText, workDir } from '../../../e2e/documents'
import { expectNoSeriousAxeViolations, watchConsole } from '../../../e2e/support'

const expect = baseExpect.configure({ timeout: 45_000 })

test('light: a phone HEIC is read as text and made into a searchable PDF that pdftotext reads', async ({ page }) => {
  test.setTimeout(90_000)
  await page.emulateMedia({ colorScheme: 'light' })
  const problems = watchConsole(page)
  const dir = workDir()
  const files = makeDocuments(dir)
  await page.goto('/image-to-text')
  await page.locator('input[type=file]').setInputFiles(files.phoneText)
  await expect(page.getByTestId('chosen-file')).toContainText('IMG_4033.HEIC')
  await page.getByRole('button', { name: 'Read text' }).click()
  await expect(page.getByLabel('Recognised text')).toHaveValue(/Meet at Platform 9/)

  await page.getByRole('button', { name: 'Make searchable PDF' }).click()
  const result = page.getByTestId('searchable-result')
  await expect(result).toContainText('IMG_4033-searchable.pdf')
  await expect(result).toContainText('PDF/A-2B')
  await expectNoSeriousAxeViolations(page)
  const [download] = await Promise.all([page.waitForEvent('download'), result.getByRole('button', { name: 'Download searchable PDF' }).click()])
  const saved = path.join(dir, download.suggestedFilename())
  await download.saveAs(saved)
  expect(pdfText(saved)).toContain('Meet at Platform 9')
  expect(problems).toEqual([])
})
