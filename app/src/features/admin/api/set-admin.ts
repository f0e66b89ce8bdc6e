import { api, unwrap, type ApiSchemas } from '@/lib/api/client'

/** Grant (POST) or revoke (DELETE) admin rights; grant_admin()/revoke_admin() in SQL apply the rules. */
export async function setAdmin(userId: string, admin: boolean): Promise<ApiSchemas['AdminStatus']> {
  const params = { params: { path: { user_id: userId } } }
  return unwrap(admin ? await api().POST('/api/admin/users/{user_id}/admin', params) : await api().DELETE('/api/admin/users/{user_id}/admin', params))
}
