import { useEffect } from 'react'
import { applyPageMetadata, type PageMetadata } from '@/lib/seo/metadata'

export function usePageMetadata(meta: PageMetadata): void {
  // Re-applied only when a field changes, not on every new object literal: the effect depends on the fields.
  const { title, description, path, image, noindex } = meta
  const keywords = meta.keywords?.join('\n')
  useEffect(() => {
    applyPageMetadata({ title, description, path, image, noindex, keywords: keywords ? keywords.split('\n') : undefined })
  }, [title, description, keywords, path, image, noindex])
}
