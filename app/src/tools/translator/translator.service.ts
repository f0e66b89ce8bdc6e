// Pure rules of the translator: which targets a source offers (directly or through a pivot
// language), swapping, the character limit and the history of recent translations kept in this browser.
import type { ApiSchemas } from '@/lib/api/client'

export type EngineLanguage = ApiSchemas['TranslationLanguages']['languages'][number]
export type LanguageRef = ApiSchemas['LanguageRef']
/** A detected language: `translatable` says whether the engine translates from it (live guesses only). */
export type Detection = ApiSchemas['Detection'] & { translatable?: boolean }

export interface Engine {
  name: string
  /** The longest text the BFF translates at once (TOOLKIT_TRANSLATION_MAX_CHARS), stated before sending. */
  maxChars: number
  languages: EngineLanguage[]
}

export const AUTO = 'auto'
export const HISTORY_KEY = 'translator-history'
export const LANGUAGES_KEY = 'translator-languages'
export const HISTORY_LIMIT = 20

export interface HistoryEntry {
  id: string
  source: string
  target: string
  text: string
  translation: string
  detected: Detection | null
  /** The language the text went through, when the engine had no direct pair. */
  pivot?: LanguageRef | null
  at: number
}

export function languageName(languages: readonly EngineLanguage[], code: string): string {
  if (code === AUTO) return 'Detect language'
  return languages.find((language) => language.code === code)?.name ?? code
}

/** The pivot language's name when source → target has no direct pair (null when direct or unknown). */
export function pivotFor(languages: readonly EngineLanguage[], source: string, target: string): string | null {
  const pivot = languages.find((language) => language.code === source)?.via[target]
  return pivot ? languageName(languages, pivot) : null
}

/** For each target `source` reaches only through another language: that language's name. */
export function pivotsFrom(languages: readonly EngineLanguage[], source: string): Record<string, string> {
  const via = languages.find((language) => language.code === source)?.via ?? {}
  return Object.fromEntries(Object.entries(via).map(([target, pivot]) => [target, languageName(languages, pivot)]))
}

/** Said before and after a translation that goes through another language: two engines, each losing a little. */
export const PIVOT_QUALITY = 'expect a rougher translation than a direct pair gives'

export function plannedPivotNote(pivot: string, target: string): string {
  return `No direct pair: the text will be translated into ${pivot} first, then into ${target} — ${PIVOT_QUALITY}.`
}

export function pivotNote(pivot: string): string {
  return `Translated through ${pivot}: this engine has no direct pair for these languages — ${PIVOT_QUALITY}.`
}

/** What a translation was made from; when the text or a language changes, the shown translation is out of date. */
export interface TranslatedFor {
  text: string
  source: string
  target: string
}

export function isStale(made: TranslatedFor | null, now: TranslatedFor): boolean {
  return made !== null && (made.text !== now.text || made.source !== now.source || made.target !== now.target)
}

/** What the engine can translate `source` into; with auto-detect, every target any language has. */
export function targetsFor(languages: readonly EngineLanguage[], source: string): EngineLanguage[] {
  const codes = new Set(source === AUTO ? languages.flatMap((language) => language.targets) : (languages.find((language) => language.code === source)?.targets ?? []))
  return languages.filter((language) => codes.has(language.code) && language.code !== source)
}

/** Keeps the chosen target when the new source offers it, else the first one it does. */
export function pickTarget(languages: readonly EngineLanguage[], source: string, wanted: string): string {
  const targets = targetsFor(languages, source)
  return targets.some((language) => language.code === wanted) ? wanted : (targets[0]?.code ?? '')
}

export interface SwapState {
  source: string
  target: string
  text: string
  translation: string
  detected: Detection | null
}

/** Swapping needs a real source language: auto-detect swaps with what was detected. */
export function swapLanguages(languages: readonly EngineLanguage[], state: SwapState): SwapState | null {
  const from = state.source === AUTO ? state.detected?.language : state.source
  if (!from || !state.target) return null
  if (!targetsFor(languages, state.target).some((language) => language.code === from)) return null
  return { source: state.target, target: from, text: state.translation || state.text, translation: state.translation ? state.text : '', detected: null }
}

export function formatConfidence(confidence: number): string {
  return `${Math.round(Math.max(0, Math.min(100, confidence)))}%`
}

export function charCountLabel(length: number, limit: number): string {
  return `${length.toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`
}

/** Newest first; the same text and languages again moves to the top instead of repeating. */
export function addToHistory(history: readonly HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const rest = history.filter((item) => !(item.text === entry.text && item.source === entry.source && item.target === entry.target))
  return [entry, ...rest].slice(0, HISTORY_LIMIT)
}

export function isHistory(value: unknown): value is HistoryEntry[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        ['id', 'source', 'target', 'text', 'translation'].every((key) => typeof (item as Record<string, unknown>)[key] === 'string') &&
        typeof (item as HistoryEntry).at === 'number',
    )
  )
}

export function isLanguagePair(value: unknown): value is { source: string; target: string } {
  return typeof value === 'object' && value !== null && typeof (value as { source?: unknown }).source === 'string' && typeof (value as { target?: unknown }).target === 'string'
}
