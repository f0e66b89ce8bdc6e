import { useEffect, useState } from 'react'

/** A blob: URL for showing a file or result, revoked when the blob changes or the view goes away. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!blob) return
    const next = URL.createObjectURL(blob)
    // Making the URL is the side effect (it holds the blob until revoked), so it is made here and revoked
    // in the cleanup; made during render it would leak whenever a render is thrown away.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setUrl(next)
    return () => {
      URL.revokeObjectURL(next)
      setUrl(null)
    }
  }, [blob])
  return url
}
