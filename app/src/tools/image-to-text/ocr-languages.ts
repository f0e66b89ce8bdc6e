import { api, unwrap } from '@/lib/api/client'

/** The Tesseract languages installed on the server. */
export async function fetchOcrLanguages(): Promise<{ code: string; name: string }[]> {
  return unwrap(await api().GET('/api/tools/ocr/languages')).languages
}
