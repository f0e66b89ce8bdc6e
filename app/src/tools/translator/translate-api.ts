// The translator's calls to the BFF, which forwards them to the configured engine (Apertium APY or
// LibreTranslate) and detects languages itself, offline.
import { api, unwrap } from '@/lib/api/client'
import type { Detection, Engine, LanguageRef } from '@/tools/translator/translator.service'

/** The BFF's 503 when no engine is configured: visitors are told, admins are shown how to set one up. */
export const NOT_CONFIGURED = 'translation_not_configured'

export async function fetchEngine(): Promise<Engine> {
  const result = unwrap(await api().GET('/api/tools/translate/languages'))
  return { name: result.engine, maxChars: result.max_chars, languages: result.languages }
}

export interface TranslationResult {
  translation: string
  source: string
  detected: Detection | null
  pivot: LanguageRef | null
}

export async function translateText(request: { q: string; source: string; target: string }): Promise<TranslationResult> {
  const result = unwrap(await api().POST('/api/tools/translate', { body: { ...request, format: 'text' } }))
  return { translation: result.translatedText, source: result.source, detected: result.detectedLanguage ?? null, pivot: result.pivot ?? null }
}

/** The best guess for a text's language, and whether the engine translates from it. */
export async function detectLanguage(q: string): Promise<Detection | null> {
  return unwrap(await api().POST('/api/tools/translate/detect', { body: { q } })).detections[0] ?? null
}
