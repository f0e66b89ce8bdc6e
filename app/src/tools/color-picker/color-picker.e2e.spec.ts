import { expect, test, type Page } from '@playwright/test'
import { signedInNewUser } from '../../../e2e/signed-in'
import { expectNoSeriousAxeViolationsInBothThemes, watchConsole } from '../../../e2e/support'

/** An 80 × 80 PNG in four flat quadrants: red, green / blue, white. Drawn by the browser itself. */
async function quadrantPng(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 80
    canvas.height = 80
    const context = canvas.getContext('2d')!
    const fills: [string, number, number][] = [
      ['#ff0000', 0, 0],
      ['#00aa00', 40, 0],
      ['#0000ff', 0, 40],
      ['#ffffff', 40, 40],
    ]
    for (const [colour, x, y] of fills) {
      context.fillStyle = colour
      context.fillRect(x, y, 40, 40)
    }
    return canvas.toDataURL('image/png').split(',')[1]
  })
}

test('picks colours by pointer and keyboard, shows four formats, the palette and recent picks', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signedInNewUser(page) // the colour picker needs an account (SPEC §2)
  const problems = watchConsole(page)
  await page.goto('/color-picker')
  const png = await quadrantPng(page)
  await page.locator('input[type=file]').setInputFiles({ name: 'quadrants.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') })

  const canvas = page.getByTestId('image-canvas')
  await expect(canvas).toBeVisible()
  await canvas.hover({ position: { x: 10, y: 10 } })
  await expect(page.getByTestId('loupe')).toBeVisible()
  await canvas.click({ position: { x: 10, y: 10 } })
  await expect(page.getByTestId('picked-hex')).toHaveText('#ff0000')
  await expect(page.getByTestId('format-RGB')).toHaveText('rgb(255 0 0)')
  await expect(page.getByTestId('format-HSL')).toHaveText('hsl(0 100% 50%)')
  await expect(page.getByTestId('format-OKLCH')).toHaveText('oklch(0.628 0.258 29.2)')

  // The image has focus after the click: Shift+→ five times is 50 pixels, into the green quadrant.
  await page.mouse.move(0, 0)
  for (let i = 0; i < 5; i += 1) await page.keyboard.press('Shift+ArrowRight')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('picked-hex')).toHaveText('#00aa00')
  await page.getByRole('button', { name: 'Copy HEX' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('#00aa00')

  const palette = page.getByRole('list', { name: 'Dominant colours' })
  for (const hex of ['#ff0000', '#00aa00', '#0000ff', '#ffffff']) await expect(palette.getByRole('button', { name: `${hex}, 25% of the image` })).toBeVisible()
  await page.getByRole('button', { name: 'Copy as CSS' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^:root \{\n {2}--palette-1: #[0-9a-f]{6};\n(.*\n){3}\}$/)
  await expectNoSeriousAxeViolationsInBothThemes(page)

  await page.reload()
  const recent = page.getByRole('list', { name: 'Recent picks' })
  await expect(recent.getByRole('button')).toHaveText(['', ''])
  await expect(recent.getByRole('button', { name: '#00aa00' })).toBeVisible()
  await expect(recent.getByRole('button', { name: '#ff0000' })).toBeVisible()
  await recent.getByRole('button', { name: '#ff0000' }).click()
  await expect(page.getByTestId('picked-hex')).toHaveText('#ff0000')
  expect(problems).toEqual([])
})

test('an image pasted from the clipboard opens too', async ({ page }) => {
  await signedInNewUser(page)
  await page.goto('/color-picker')
  const png = await quadrantPng(page)
  // The page listens for pastes once its drop zone is on screen.
  await expect(page.getByTestId('drop-zone')).toBeVisible()
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
    const transfer = new DataTransfer()
    transfer.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }))
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true }))
  }, png)
  await expect(page.getByText('screenshot.png · 80 × 80')).toBeVisible()
  await page.getByTestId('image-canvas').click({ position: { x: 70, y: 70 } })
  await expect(page.getByTestId('picked-hex')).toHaveText('#ffffff')
})
