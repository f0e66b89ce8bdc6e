import { api, unwrap, type ApiSchemas } from '@/lib/api/client'

export type AdminUser = ApiSchemas['AdminUser']
export type AdminUserPage = ApiSchemas['AdminUserList']

/** GET /api/admin/users: newest first; admin_list_users() in SQL refuses non-admins. */
export async function listUsers(query: { q: string; limit: number; offset: number }): Promise<AdminUserPage> {
  return unwrap(await api().GET('/api/admin/users', { params: { query } }))
}
