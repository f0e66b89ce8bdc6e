import { api, unwrap, type ApiSchemas } from '@/lib/api/client'

export type PageSettings = ApiSchemas['Pages']['pages']

/** GET /api/pages, bypassing the browser cache: the admin edits what the server holds now. */
export async function getPages(): Promise<PageSettings> {
  return unwrap(await api().GET('/api/pages', { cache: 'no-cache' })).pages
}
