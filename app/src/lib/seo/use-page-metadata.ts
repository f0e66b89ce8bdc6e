import { useEffect } from 'react'
import { applyPageMetadata, type PageMetadata } from '@/lib/seo/metadata'

export function usePageMetadata(meta: PageMetadata): void {
  const keywords = meta.keywords?.join('|')
  useEffect(() => {
    applyPageMetadata(meta)
    // Re-apply only when a field changes, not on every new object literal.
  }, [meta.title, meta.description, keywords, meta.path, meta.image, meta.noindex])
}
