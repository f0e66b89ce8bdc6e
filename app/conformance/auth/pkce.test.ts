/** POST /token?grant_type=pkce: the flow state, its verifier check and single use. */
import { randomUUID } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { codeVerifier, expectApiError, newEmail, PASSWORD, redirectTo, setCodeVerifier, userClient } from './support/clients'
import { contractTest } from './support/contract'
import { follow } from './support/links'
import { Inbox, verifyLink } from './support/mail'

describe('PKCE code exchange', () => {
  it('a wrong verifier is bad_code_verifier and leaves the flow usable; a used code is flow_state_not_found', async () => {
    const client = userClient('pkce')
    const email = newEmail('pkce')
    const inbox = new Inbox(email)
    expect((await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: redirectTo() } })).error).toBeNull()
    const verifier = codeVerifier(client)!
    const code = (await follow(verifyLink(await inbox.next()))).query.get('code')!

    setCodeVerifier(client, `${'w'.repeat(40)}-wrong-verifier`)
    expectApiError((await client.auth.exchangeCodeForSession(code)).error, 'bad_code_verifier', 400)

    setCodeVerifier(client, verifier)
    expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull()

    setCodeVerifier(client, verifier)
    expectApiError((await client.auth.exchangeCodeForSession(code)).error, 'flow_state_not_found', 404)
  })

  it('an unknown code is flow_state_not_found', async () => {
    const client = userClient('pkce')
    setCodeVerifier(client, 'v'.repeat(64))
    expectApiError((await client.auth.exchangeCodeForSession(randomUUID())).error, 'flow_state_not_found', 404)
  })
})

contractTest()
