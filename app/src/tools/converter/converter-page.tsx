import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real file converter.
export default function ConverterPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Drop in a file and pick the output format',
        'Images, documents and spreadsheets',
        'Download the result instantly',
      ]}
    />
  )
}
