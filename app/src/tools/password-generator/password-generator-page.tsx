import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real password generator.
export default function PasswordGeneratorPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Runs entirely in your browser',
        'Length, symbols and digits',
        'Strength estimate',
      ]}
    />
  )
}
