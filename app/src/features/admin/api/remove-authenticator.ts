import { api, unwrap, type ApiSchemas } from '@/lib/api/client'

/** DELETE /api/admin/users/{id}/factors: admin_authenticator_removal() in SQL asks for an admin at aal2. */
export async function removeAuthenticator(userId: string): Promise<ApiSchemas['AuthenticatorRemoval']> {
  return unwrap(await api().DELETE('/api/admin/users/{user_id}/factors', { params: { path: { user_id: userId } } }))
}
