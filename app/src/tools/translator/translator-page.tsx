import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real translator.
export default function TranslatorPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Detects the source language',
        'Swap languages in one click',
        'Copy the translation',
      ]}
    />
  )
}
