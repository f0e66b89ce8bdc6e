import { bffRequest } from '@/features/auth/api/bff-request'

export interface Profile {
  id: string
  nickname: string | null
  email: string | null
  full_name: string
  bio: string
  avatar_url: string | null
  location: string | null
  role: string
  created_at: string
  updated_at: string
}

export interface Me {
  user: { id: string; email: string | null; role: string }
  profile: Profile | null
  is_admin: boolean
}

export function getMe(accessToken: string): Promise<Me> {
  return bffRequest<Me>('/me', accessToken)
}
