// Uniform random integers from crypto.getRandomValues. `x % n` alone favours small values whenever
// n does not divide 2^32, so draws from the incomplete top range are rejected and redrawn.
export type Uint32Source = () => number

export const cryptoUint32: Uint32Source = () => {
  const buffer = new Uint32Array(1)
  crypto.getRandomValues(buffer)
  return buffer[0] ?? 0
}

const RANGE = 2 ** 32

/** A uniform integer in [0, n). */
export function randomBelow(n: number, next: Uint32Source = cryptoUint32): number {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`n must be an integer in 1..2^32, got ${n}`)
  const limit = RANGE - (RANGE % n) // largest multiple of n that fits
  for (;;) {
    const value = next()
    if (value < limit) return value % n
  }
}

export function pick<T>(items: readonly T[], next: Uint32Source = cryptoUint32): T {
  return items[randomBelow(items.length, next)] as T
}

/** Fisher–Yates with the unbiased draw above. */
export function shuffle<T>(items: readonly T[], next: Uint32Source = cryptoUint32): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomBelow(i + 1, next)
    ;[out[i], out[j]] = [out[j] as T, out[i] as T]
  }
  return out
}
