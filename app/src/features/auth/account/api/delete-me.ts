import { api, bearer, unwrap } from '@/lib/api/client'

/** Deletes the caller's account (the BFF asks Auth's admin API; the profile row goes with the user). */
export async function deleteMe(accessToken: string): Promise<void> {
  unwrap(await api().DELETE('/api/me', { headers: bearer(accessToken) }))
}
