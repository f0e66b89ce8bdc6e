import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real image metadata.
export default function ImageMetadataPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'See camera and location data',
        'Edit or strip fields',
        'Download a clean copy',
      ]}
    />
  )
}
