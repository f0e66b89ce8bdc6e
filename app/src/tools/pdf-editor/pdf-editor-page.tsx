import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real pdf editor.
export default function PdfEditorPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Merge and split documents',
        'Rotate and reorder pages',
        'Nothing to install',
      ]}
    />
  )
}
