import { readBlobText } from '@/lib/api/read-blob'
import { sendMultipart } from '@/lib/api/send-multipart'
import type { ImageMetadata } from '@/tools/image-metadata/image-metadata.service'

/** Reads a result back through the BFF, so "after" shows what the file really holds. */
export async function readMetadata(file: File): Promise<ImageMetadata> {
  const response = await sendMultipart({ path: '/api/tools/metadata', files: [file] })
  return JSON.parse(await readBlobText(response.blob)) as ImageMetadata
}
