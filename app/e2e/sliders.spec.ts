import { expect, test } from '@playwright/test'

// Sliders are the browser's range input (components/ui/slider.tsx): seen, named and moved by keyboard.
test('the password length slider is in sight, named, and moved by keyboard; the number box follows', async ({ page }) => {
  await page.goto('/password-generator')
  const length = page.getByRole('slider', { name: 'Length' })
  await expect(length).toBeVisible()
  const box = page.getByRole('spinbutton', { name: 'Length' })
  const before = Number(await box.inputValue())
  await length.focus()
  await page.keyboard.press('ArrowRight')
  await expect(box).toHaveValue(String(before + 1))
  await expect(length).toHaveValue(String(before + 1))
  await page.keyboard.press('Home')
  await expect(box).toHaveValue(await length.getAttribute('min') ?? '')
})
