// Counted nouns in English ("1 like", "2 likes") through Intl.PluralRules, so no page writes "1 likes".
const rules = new Intl.PluralRules('en')
const numbers = new Intl.NumberFormat('en')

/** "1 view", "1,204 views"; `plural` defaults to the singular plus "s". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${numbers.format(count)} ${rules.select(count) === 'one' ? singular : plural}`
}
