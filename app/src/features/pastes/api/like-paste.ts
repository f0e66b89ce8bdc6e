import { api, unwrap, type ApiSchemas } from '@/lib/api/client'

/** One like per user: liking twice counts once (`counted` says whether this call changed anything). */
export async function likePaste(id: string): Promise<ApiSchemas['LikeResult']> {
  return unwrap(await api().POST('/api/pastes/{paste_id}/like', { params: { path: { paste_id: id } } }))
}
