/**
 * Per-client request limits (GOTRUE_RATE_LIMIT_*; a burst of 30, keyed on the client address the gateway
 * forwards): past the burst a client gets over_request_rate_limit, while another client is unaffected.
 * One burst of 40 requests at once: the refill (0.1 or 0.5 per second) cannot make up the difference.
 */
import { describe, expect, it } from 'vitest'

import { newEmail, PASSWORD, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { newClientAddress } from './support/http'

const BURST = 30

async function burst(run: () => Promise<{ error: unknown }>) {
  const results = await Promise.all(Array.from({ length: BURST + 10 }, run))
  const codes = results.map(({ error }) => (error as { code?: string } | null)?.code ?? 'ok')
  return codes.reduce<Record<string, number>>((count, code) => ({ ...count, [code]: (count[code] ?? 0) + 1 }), {})
}

describe('request rate limits', () => {
  it('/recover (the OTP limiter): past the burst over_request_rate_limit, another address still served', async () => {
    const address = newClientAddress()
    const counts = await burst(() => userClient('pkce', address).auth.resetPasswordForEmail(newEmail('limited')))
    expect(Object.keys(counts).sort()).toEqual(['ok', 'over_request_rate_limit'])
    expect(counts.ok).toBeGreaterThanOrEqual(BURST)
    expect((await userClient('pkce', address).auth.resetPasswordForEmail(newEmail())).error).toMatchObject({
      code: 'over_request_rate_limit',
      status: 429,
    })
    expect((await userClient().auth.resetPasswordForEmail(newEmail('elsewhere'))).error).toBeNull()
  })

  it('/token (the token limiter): past the burst over_request_rate_limit instead of invalid_credentials', async () => {
    const address = newClientAddress()
    const counts = await burst(() =>
      userClient('pkce', address).auth.signInWithPassword({ email: newEmail('nobody'), password: PASSWORD }),
    )
    expect(Object.keys(counts).sort()).toEqual(['invalid_credentials', 'over_request_rate_limit'])
    expect(counts.invalid_credentials).toBeGreaterThanOrEqual(BURST)
  })
})

contractTest()
