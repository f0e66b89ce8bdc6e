// The translator's calls to the BFF, which forwards them to the configured LibreTranslate engine.
import { api, unwrap } from '@/lib/api/client'
import type { Detection, EngineLanguage } from '@/tools/translator/translator.service'

/** The BFF's 503 when no engine is configured; the page shows how an operator sets one up. */
export const NOT_CONFIGURED = 'translation_not_configured'

export async function fetchLanguages(): Promise<EngineLanguage[]> {
  return unwrap(await api().GET('/api/tools/translate/languages')).languages
}

export async function translateText(request: { q: string; source: string; target: string }): Promise<{ translation: string; detected: Detection | null }> {
  const result = unwrap(await api().POST('/api/tools/translate', { body: { ...request, format: 'text' } }))
  const detected = result.detectedLanguage
  return {
    translation: result.translatedText,
    detected: detected?.language && typeof detected.confidence === 'number' ? { language: detected.language, confidence: detected.confidence } : null,
  }
}

/** The engine's best guess for a text's language (LibreTranslate's /detect). */
export async function detectLanguage(q: string): Promise<Detection | null> {
  const best = unwrap(await api().POST('/api/tools/translate/detect', { body: { q } })).detections[0]
  return best ? { language: best.language, confidence: best.confidence } : null
}
