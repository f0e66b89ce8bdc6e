import { bffRequest } from '@/features/auth/api/bff-request'
import type { Profile } from '@/features/auth/api/get-me'

export type ProfileChanges = Partial<Pick<Profile, 'nickname' | 'full_name' | 'bio' | 'location' | 'avatar_url'>>

export async function updateProfile(accessToken: string, changes: ProfileChanges): Promise<Profile> {
  return (await bffRequest<{ profile: Profile }>('/me/profile', accessToken, { method: 'PATCH', body: changes })).profile
}
