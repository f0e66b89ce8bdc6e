import type { Profile } from '@/features/auth/session'
import { api, bearer, unwrap, type ApiSchemas } from '@/lib/api/client'

export type ProfileChanges = ApiSchemas['ProfileUpdate']

export async function updateProfile(accessToken: string, changes: ProfileChanges): Promise<Profile> {
  return unwrap(await api().PATCH('/api/me/profile', { body: changes, headers: bearer(accessToken) })).profile
}
