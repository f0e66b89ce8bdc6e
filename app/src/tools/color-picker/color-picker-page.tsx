import { ToolPlaceholder } from '@/components/tool-placeholder'

// Placeholder until the tool pages issue builds the real colour picker.
export default function ColorPickerPage() {
  return (
    <ToolPlaceholder
      highlights={[
        'Click anywhere on your image',
        'HEX, RGB and HSL values',
        'Builds a palette as you go',
      ]}
    />
  )
}
