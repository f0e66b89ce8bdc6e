import { useState, type KeyboardEvent } from 'react'
import { cn } from '@/lib/utils'
import { boxStyle, confidenceBand, nextWordIndex, type ConfidenceBand, type OcrWord } from '@/tools/image-to-text/image-to-text.service'

const BAND_CLASSES: Record<ConfidenceBand, string> = {
  high: 'border-success/70 bg-success/10',
  medium: 'border-warning bg-warning/25',
  low: 'border-destructive bg-destructive/30',
}

const BAND_LABELS: Record<ConfidenceBand, string> = { high: 'sure (85% and up)', medium: 'fairly sure (60–84%)', low: 'unsure (under 60%)' }

/**
 * The image with a box on every recognised word, shaded by Tesseract's confidence. Pointing at a
 * box (or walking the words with the arrow keys) highlights it and names the word and its score.
 */
export function WordOverlay({ imageUrl, words, showBoxes }: { imageUrl: string; words: readonly OcrWord[]; showBoxes: boolean }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const [active, setActive] = useState<number | null>(null)
  const activeWord = active === null ? undefined : words[active]

  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextWordIndex(active, event.key, words.length)
    if (next !== active) {
      event.preventDefault()
      setActive(next)
    }
  }

  return (
    <figure className="flex flex-col gap-2">
      {/* role="application": the arrow keys reach this handler, not a screen reader's reading cursor; the caption
          below announces each word. jsx-a11y counts the role as non-interactive. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above */}
      <div
        className="relative self-start overflow-hidden rounded-lg border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        tabIndex={0}
        role="application"
        aria-label="Recognised words on the image; use the arrow keys to move between words"
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
      >
        <img src={imageUrl} alt="The uploaded file that was read" className="block h-auto max-h-[32rem] w-auto max-w-full" onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })} />
        {showBoxes &&
          size &&
          words.map((word, index) => (
            <span
              key={index}
              data-testid="word-box"
              data-word={word.text}
              aria-hidden
              style={boxStyle(word.box, size.width, size.height)}
              onMouseEnter={() => setActive(index)}
              onMouseLeave={() => setActive((current) => (current === index ? null : current))}
              className={cn('absolute rounded-[2px] border transition-colors', BAND_CLASSES[confidenceBand(word.confidence)], index === active && 'z-10 border-2 border-primary bg-primary/35')}
            />
          ))}
      </div>
      <figcaption className="flex min-h-6 flex-wrap items-center gap-x-4 gap-y-1 text-sm" aria-live="polite" data-testid="word-caption">
        {activeWord ? (
          <span>
            <span className="font-medium">“{activeWord.text}”</span> — {Math.round(activeWord.confidence)}% confidence
          </span>
        ) : (
          <span className="text-muted-foreground">Point at a word, or focus the image and use the arrow keys, to see its confidence.</span>
        )}
      </figcaption>
      {showBoxes && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Box shading">
          {(Object.keys(BAND_LABELS) as ConfidenceBand[]).map((band) => (
            <li key={band} className="flex items-center gap-1.5">
              <span className={cn('inline-block size-3 rounded-[2px] border', BAND_CLASSES[band])} aria-hidden />
              {BAND_LABELS[band]}
            </li>
          ))}
        </ul>
      )}
    </figure>
  )
}
