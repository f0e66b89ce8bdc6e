const formatter = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A timestamp from the BFF as the admin reads it, in their locale and time zone. */
export const formatWhen = (value: string) => formatter.format(new Date(value))
