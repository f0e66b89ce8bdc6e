// Images the browser cannot decode (HEIC photos from phones, some AVIF and TIFF files) are decoded
// by the server into a PNG with exactly the same colours; the picking still happens here.
import { sendMultipart } from '@/lib/api/send-multipart'
import { isHeic } from '@/lib/heic'
import { loadImage, type LoadedImage } from '@/tools/color-picker/load-image'

/** Loads in the browser; if it cannot (or it is HEIC, which it cannot), asks the server to decode it. */
export async function loadAnyImage(file: File, onServer?: () => void): Promise<LoadedImage & { decodedOnServer: boolean }> {
  if (!isHeic(file)) {
    try {
      return { ...(await loadImage(file)), decodedOnServer: false }
    } catch {
      // fall through to the server
    }
  }
  onServer?.()
  const answer = await sendMultipart({ path: '/api/tools/color-picker/decode', files: [file] })
  return { ...(await loadImage(answer.blob)), decodedOnServer: true }
}
