import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real url shortener.
export default function UrlShortenerPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Short links under your domain',
        'Click counts',
        'Optional expiry date',
      ]}
    />
  )
}
