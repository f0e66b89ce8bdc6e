import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real text cleaner.
export default function TextCleanerPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Trim spaces and blank lines',
        'Change case',
        'Remove hidden characters',
      ]}
    />
  )
}
