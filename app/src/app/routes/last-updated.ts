const format = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' })

/** "Last updated 22 November 2026": the page file's real change date, from the build. */
export function lastUpdated(page: keyof typeof __INFO_PAGE_DATES__): string {
  return `Last updated ${format.format(new Date(`${__INFO_PAGE_DATES__[page]}T00:00:00Z`))}`
}
