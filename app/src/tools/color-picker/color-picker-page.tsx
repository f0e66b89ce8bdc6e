import { ImageOff, Pipette, RefreshCw } from 'lucide-react'
import { CopyButton } from '@/components/copy-button'
import { useMemo, useState } from 'react'
import { DropZone } from '@/components/tool-workspace/drop-zone'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { HEIC_ACCEPT } from '@/lib/heic'
import { notify } from '@/lib/notify'
import { readStorage, writeStorage } from '@/lib/storage'
import { addRecent, dominantPalette, paletteAsCss, pixelAt } from '@/tools/color-picker/color-picker.service'
import { ColourDetails } from '@/tools/color-picker/colour-details'
import { parseHexColour, toHex, type Rgb } from '@/tools/color-picker/colour-formats'
import { ImageCanvas } from '@/tools/color-picker/image-canvas'
import type { LoadedImage } from '@/tools/color-picker/load-image'
import { loadAnyImage } from '@/tools/color-picker/server-decode'
import { PaletteSwatches, RecentSwatches } from '@/tools/color-picker/swatches'

const RECENT_KEY = 'color-picker-recent'

// Chromium's EyeDropper picks from anywhere on the screen; other browsers simply do not get the button.
interface EyeDropperApi {
  open: () => Promise<{ sRGBHex: string }>
}
const EyeDropper = (globalThis as { EyeDropper?: new () => EyeDropperApi }).EyeDropper
const isHexList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string' && /^#[0-9a-f]{6}$/i.test(item))

export default function ColorPickerPage() {
  const [image, setImage] = useState<LoadedImage | null>(null)
  const [name, setName] = useState('')
  const [decoding, setDecoding] = useState(false)
  const [cursor, setCursor] = useState({ x: 0, y: 0 })
  const [picked, setPicked] = useState<Rgb | null>(null)
  const [recent, setRecent] = useState<string[]>(() => readStorage(RECENT_KEY, [], isHexList))
  const palette = useMemo(() => (image ? dominantPalette(image.data, 6) : []), [image])

  const open = async (file: File | undefined) => {
    if (!file) return
    try {
      const loaded = await loadAnyImage(file, () => setDecoding(true))
      setImage(loaded)
      setName(`${file.name || 'Pasted image'}${loaded.decodedOnServer ? ' (decoded on the server)' : ''}`)
      setCursor({ x: Math.floor(loaded.width / 2), y: Math.floor(loaded.height / 2) })
    } catch (error) {
      notify.error('Could not open the image', (error as Error).message) // the browser's reason, or the BFF's message
    } finally {
      setDecoding(false)
    }
  }

  const choose = (rgb: Rgb) => {
    setPicked(rgb)
    const next = addRecent(recent, toHex(rgb))
    setRecent(next)
    writeStorage(RECENT_KEY, next)
  }

  const pickFromScreen = async () => {
    if (!EyeDropper) return
    try {
      const { sRGBHex } = await new EyeDropper().open()
      const rgb = parseHexColour(sRGBHex)
      if (rgb) choose(rgb)
    } catch {
      // Escape closes the eyedropper: nothing to report.
    }
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
          <div className="flex min-w-0 flex-col gap-1.5">
            <CardTitle className="text-base">Image</CardTitle>
            <CardDescription className="wrap-anywhere">{image ? `${name} · ${image.naturalWidth.toLocaleString()} × ${image.naturalHeight.toLocaleString()} px${image.scaled ? ' (shown smaller; positions are the original’s)' : ''}` : 'Your image stays on your device (a HEIC photo is decoded by the server, which keeps nothing).'}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {EyeDropper && (
              <Button variant="outline" size="sm" onClick={() => void pickFromScreen()}>
                <Pipette aria-hidden />
                Pick from screen
              </Button>
            )}
            {image && (
              <Button variant="outline" size="sm" onClick={() => setImage(null)}>
                <RefreshCw aria-hidden />
                Another image
              </Button>
            )}
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {image ? (
            <ImageCanvas image={image} cursor={cursor} onCursor={setCursor} onPick={(at) => choose(pixelAt(image.data, image.width, at.x, at.y))} />
          ) : (
            <DropZone accept={`image/*,${HEIC_ACCEPT}`} multiple={false} hint="PNG, JPEG, WebP, GIF, SVG or a phone's HEIC — or paste a screenshot" onFiles={(files) => void open(files[0])} className="min-h-72" disabled={decoding} />
          )}
          {decoding && (
            <p className="text-sm text-muted-foreground" role="status">
              This browser cannot open this format; the server is decoding it…
            </p>
          )}
          {palette.length > 0 && (
            <section aria-labelledby="palette-title" className="flex flex-col gap-2">
              <div className="flex items-center justify-between gap-2">
                <h3 id="palette-title" className="text-sm font-medium">
                  Dominant colours
                </h3>
                <CopyButton value={paletteAsCss(palette.map((entry) => toHex(entry.rgb)))} label="Copy as CSS" showLabel />
              </div>
              <PaletteSwatches palette={palette} onSelect={choose} />
            </section>
          )}
        </CardContent>
      </Card>
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Colour</CardTitle>
          </CardHeader>
          <CardContent>
            {picked ? (
              <ColourDetails rgb={picked} />
            ) : (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <ImageOff className="size-4" aria-hidden />
                Open an image and click anywhere on it.
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
            <CardTitle className="text-base">Recent picks</CardTitle>
            {recent.length > 0 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setRecent([])
                  writeStorage(RECENT_KEY, [])
                }}
              >
                Clear
              </Button>
            )}
          </CardHeader>
          <CardContent>
            {recent.length > 0 ? (
              <RecentSwatches colours={recent} onSelect={(hex) => setPicked(parseHexColour(hex))} />
            ) : (
              <p className="text-sm text-muted-foreground">Colours you pick are kept here, on this device.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
