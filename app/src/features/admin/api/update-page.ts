import { api, unwrap, type ApiSchemas } from '@/lib/api/client'
import type { PageKey } from '@/lib/page-keys'

/** PUT /api/admin/pages/{key}: page_settings' policy lets only admins write. */
export async function updatePage(pageKey: PageKey, isDisabled: boolean, reason: string): Promise<ApiSchemas['PageState']> {
  return unwrap(
    await api().PUT('/api/admin/pages/{page_key}', {
      params: { path: { page_key: pageKey } },
      body: { is_disabled: isDisabled, disable_reason: reason.trim() || null },
    }),
  )
}
