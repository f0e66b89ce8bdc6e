import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real image to text.
export default function ImageToTextPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Screenshots, photos and scans',
        'Several languages',
        'Copy or download the text',
      ]}
    />
  )
}
