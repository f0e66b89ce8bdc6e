/** A setting the test stack hands the e2e suite (URLs, keys); a clear error when run outside it. */
export function required(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run the e2e suite through ./scripts/test`)
  return value
}
