import { useEffect, useState } from 'react'
import { detectLanguage } from '@/tools/translator/translate-api'
import type { Detection } from '@/tools/translator/translator.service'

export const DETECT_DELAY_MS = 700
const DETECT_SAMPLE = 2000 // characters: plenty for a guess, and small for the engine
const MIN_LENGTH = 4

/**
 * With "Detect language" chosen, asks the engine what the text is once typing pauses, so the
 * language and confidence show before translating. A failed guess is only a missing hint: errors
 * that matter are reported when the user translates.
 */
export function useLiveDetection(text: string, enabled: boolean): Detection | null {
  const [detection, setDetection] = useState<{ text: string; result: Detection | null } | null>(null)
  const sample = text.trim().slice(0, DETECT_SAMPLE)
  const wanted = enabled && sample.length >= MIN_LENGTH

  useEffect(() => {
    if (!wanted) return
    let live = true
    const timer = setTimeout(() => {
      detectLanguage(sample)
        .then((result) => live && setDetection({ text: sample, result }))
        .catch(() => live && setDetection({ text: sample, result: null }))
    }, DETECT_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [sample, wanted])

  return wanted && detection?.text === sample ? detection.result : null
}
