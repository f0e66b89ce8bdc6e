import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real username checker.
export default function UsernameCheckerPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Checks many sites at once',
        'Clear available and taken states',
        'Links to each profile',
      ]}
    />
  )
}
