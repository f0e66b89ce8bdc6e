import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real qr code generator.
export default function QrGeneratorPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Links, text, Wi-Fi and contacts',
        'Custom colours and error correction',
        'PNG and SVG downloads',
      ]}
    />
  )
}
