import { bffRequest } from '@/features/auth/api/bff-request'

export interface MyLink {
  id: string
  short_code: string
  short_url: string
  original_url: string
  clicks: number
  status: 'active' | 'expired' | 'exhausted'
  created_at: string
}

/** The caller's short links, newest first (GET /api/links: row-level security keeps it to theirs). */
export async function listMyLinks(accessToken: string, limit = 5): Promise<{ links: MyLink[]; total: number }> {
  return bffRequest(`/links?limit=${limit}`, accessToken)
}
