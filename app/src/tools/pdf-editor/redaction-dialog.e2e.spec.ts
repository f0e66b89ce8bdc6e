import { expect, test } from '@playwright/test'
import { makeDocuments, workDir } from '../../../e2e/documents'
import { expectNoSeriousAxeViolations } from '../../../e2e/support'

// Issue 37: in the redaction dialog, the pages scroll between a header and a footer that stay put;
// no page preview shows below the footer (its border poked out under the buttons).

for (const [theme, width] of [['light', 1280], ['dark', 360]] as const) {
  test(`${theme}, ${width} px: scrolled pages never show below the redaction dialog's footer`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme })
    await page.setViewportSize({ width, height: 760 })
    const files = makeDocuments(workDir())
    await page.goto('/pdf-editor')
    await page.getByLabel('Choose files').setInputFiles(files.secret)
    await expect(page.getByRole('list', { name: 'Pages' }).getByTestId('page-tile')).toHaveCount(3)
    await page.getByRole('tab', { name: 'Redact' }).click()
    await page.getByRole('button', { name: 'Choose what to redact' }).click()
    const dialog = page.getByRole('dialog')
    const pages = dialog.getByRole('list', { name: 'Pages to redact' })
    await expect(dialog.getByTestId('redaction-page-3')).toBeVisible()
    await expectNoSeriousAxeViolations(page)

    const footer = dialog.getByRole('button', { name: 'Cancel' }).locator('..')
    for (const scrolled of [250, 600, 900]) {
      await pages.hover()
      await page.mouse.wheel(0, scrolled)
      // Every point from the footer's top to the dialog's bottom edge, across the pages' width, is the dialog's own.
      const [box, band] = await Promise.all([pages.boundingBox(), footer.boundingBox()])
      const showing = await dialog.evaluate(
        (element, { left, right, top }) => {
          const list = element.querySelector('[aria-label="Pages to redact"]')!
          const bottom = element.getBoundingClientRect().bottom
          const hits: string[] = []
          for (let y = top; y < bottom; y += 2) {
            for (const x of [left + 4, (left + right) / 2, right - 4]) {
              const hit = document.elementFromPoint(x, y)
              if (hit && list.contains(hit)) hits.push(`${Math.round(x)},${Math.round(y)}`)
            }
          }
          return hits
        },
        { left: box!.x, right: box!.x + box!.width, top: band!.y },
      )
      expect(showing, `scrolled by ${scrolled}`).toEqual([])
    }
    await expect(dialog.getByRole('button', { name: 'Redact', exact: true })).toBeVisible()
  })
}
