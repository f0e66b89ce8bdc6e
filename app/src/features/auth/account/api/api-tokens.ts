import { api, unwrap, type ApiSchemas } from '@/lib/api/client'

export type ApiToken = ApiSchemas['ApiToken']
export type NewApiToken = ApiSchemas['NewApiToken']
export type ApiTokenScope = ApiToken['scopes'][number]

/** The caller's personal API tokens (never the tokens themselves). */
export async function listApiTokens(): Promise<ApiToken[]> {
  return unwrap(await api().GET('/api/me/tokens')).tokens
}

/** A new token: the answer holds the token itself, this once. */
export async function createApiToken(name: string, scopes: ApiTokenScope[]): Promise<NewApiToken> {
  return unwrap(await api().POST('/api/me/tokens', { body: { name, scopes } }))
}

export async function revokeApiToken(id: string): Promise<void> {
  unwrap(await api().DELETE('/api/me/tokens/{token_id}', { params: { path: { token_id: id } } }))
}

/** Every token of the caller, at once: how many there were. */
export async function revokeAllApiTokens(): Promise<number> {
  return unwrap(await api().DELETE('/api/me/tokens')).revoked
}
