import { expect, type Page } from '@playwright/test'

export const PASTE_URL = /\/paste\/([A-Za-z0-9]{6,32})$/

/** Fills /paste/new and submits; returns the new paste's id from the URL it lands on. */
export async function createPaste(
  page: Page,
  { title, content, language, privacy, expiry, burn }: { title: string; content: string; language?: string; privacy?: 'Public' | 'Unlisted' | 'Private'; expiry?: string; burn?: boolean },
): Promise<string> {
  await page.goto('/paste/new')
  await fillPasteForm(page, { title, content, language, privacy, expiry, burn })
  await page.getByRole('button', { name: 'Create paste' }).click()
  await expect(page).toHaveURL(PASTE_URL)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  return PASTE_URL.exec(page.url())?.[1] ?? ''
}

export async function fillPasteForm(
  page: Page,
  { title, content, language, privacy, expiry, burn }: { title: string; content: string; language?: string; privacy?: string; expiry?: string; burn?: boolean },
) {
  await page.getByLabel('Title').fill(title)
  await page.getByRole('textbox', { name: 'Content', exact: true }).fill(content)
  if (language) await page.getByLabel('Language').selectOption({ label: language })
  if (privacy) await page.getByRole('radio', { name: privacy }).check()
  if (expiry) await page.getByLabel('Expires').selectOption({ label: expiry })
  if (burn) await page.getByRole('switch', { name: 'Burn after reading' }).click()
}

export const MISSING = 'This paste does not exist, has expired, or is private.'
