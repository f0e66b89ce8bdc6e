import type { ApiSchemas } from '@/lib/api/client'

export type Paste = ApiSchemas['Paste']
export type NewPaste = ApiSchemas['NewPaste']
export type PasteListItem = ApiSchemas['PasteListItem']
export type PasteList = ApiSchemas['PasteList']
export type PasteCreate = ApiSchemas['PasteCreate']
export type PasteUpdate = ApiSchemas['PasteUpdate']
export type PastePrivacy = Paste['privacy']

/** The header that lets an anonymous author change or delete their paste. */
export function editTokenHeader(editToken: string | null | undefined): Record<string, string> {
  return editToken ? { 'X-Edit-Token': editToken } : {}
}
