import { useEffect, useState } from 'react'
import { useObjectUrl } from '@/components/tool-workspace/use-object-url'
import { whileBusy } from '@/lib/api/busy'
import { sendMultipart } from '@/lib/api/send-multipart'
import { isHeic } from '@/lib/heic'

export const DECODE_TRIES = 5
export const DECODE_RETRY_MS = 1_000

/**
 * The HEIC photo as a high-quality JPEG. It is a job of its own, beside the quality preview's and the
 * conversion's, so it may find the client's job slots taken: it tries again shortly instead of never
 * showing the compare.
 */
async function decodedJpeg(file: File, signal: AbortSignal): Promise<Blob> {
  const send = () => sendMultipart({ path: '/api/tools/convert', files: [file], fields: { format: 'jpeg', quality: 92 }, signal })
  return (await whileBusy(send, signal, { retries: DECODE_TRIES - 1, stepMs: DECODE_RETRY_MS })).blob
}

/**
 * A URL the browser can draw the original from, for the compare slider: the file itself, or for a
 * HEIC photo (which browsers cannot draw) a high-quality JPEG of it made by the converter.
 */
export function useOriginalDisplay(file: File | null, enabled = true): string | null {
  const heic = file !== null && isHeic(file)
  const direct = useObjectUrl(enabled && file && !heic ? file : null)
  // The JPEG is kept with the file it was made from: another file shows none until its own arrives.
  const [decoded, setDecoded] = useState<{ file: File; blob: Blob } | null>(null)
  const decodedUrl = useObjectUrl(enabled && heic && decoded?.file === file ? decoded.blob : null)
  useEffect(() => {
    if (!enabled || !file || !heic) return
    const controller = new AbortController()
    decodedJpeg(file, controller.signal)
      .then((blob) => setDecoded({ file, blob }))
      .catch(() => undefined) // no compare then; the result is still shown on its own
    return () => controller.abort()
  }, [enabled, file, heic])
  return heic ? decodedUrl : direct
}
