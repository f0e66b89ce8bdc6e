import { bffRequest } from '@/features/auth/api/bff-request'

export interface MyPaste {
  id: string
  title: string
  privacy: string
  views: number
  likes: number
  created_at: string
}

export async function listMyPastes(accessToken: string, limit = 5): Promise<MyPaste[]> {
  return (await bffRequest<{ pastes: MyPaste[] }>(`/pastes?scope=mine&limit=${limit}`, accessToken)).pastes
}
