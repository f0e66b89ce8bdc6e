import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real pastes.
export default function PastesPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Public or private pastes',
        'Optional expiry',
        'Views and likes',
      ]}
    />
  )
}
