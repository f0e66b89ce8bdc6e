import { readableTextOn, toHex, type Rgb } from '@/tools/color-picker/colour-formats'
import type { PaletteEntry } from '@/tools/color-picker/color-picker.service'

export function PaletteSwatches({ palette, onSelect }: { palette: readonly PaletteEntry[]; onSelect: (rgb: Rgb) => void }) {
  return (
    <ul aria-label="Dominant colours" className="grid grid-cols-3 gap-2 sm:grid-cols-6">
      {palette.map((entry) => {
        const hex = toHex(entry.rgb)
        return (
          <li key={hex}>
            <button
              type="button"
              onClick={() => onSelect(entry.rgb)}
              className="flex h-16 w-full flex-col justify-end rounded-lg border p-1.5 text-left text-[11px] leading-tight font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              style={{ backgroundColor: hex, color: readableTextOn(entry.rgb) }}
              aria-label={`${hex}, ${Math.round(entry.share * 100)}% of the image`}
            >
              <span className="font-mono">{hex}</span>
              <span>{Math.round(entry.share * 100)}%</span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}

export function RecentSwatches({ colours, onSelect }: { colours: readonly string[]; onSelect: (hex: string) => void }) {
  return (
    <ul aria-label="Recent picks" className="flex flex-wrap gap-2">
      {colours.map((hex) => (
        <li key={hex}>
          <button
            type="button"
            onClick={() => onSelect(hex)}
            title={hex}
            aria-label={hex}
            className="block size-8 rounded-md border shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            style={{ backgroundColor: hex }}
          />
        </li>
      ))}
    </ul>
  )
}
