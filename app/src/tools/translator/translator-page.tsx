import { ArrowLeftRight, Info, Languages, Loader2 } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { CopyButton } from '@/components/copy-button'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { Textarea } from '@/components/ui/textarea'
import { toApiError, type ApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { readStorage, writeStorage } from '@/lib/storage'
import { cn } from '@/lib/utils'
import { EngineMissingPanel } from '@/tools/translator/engine-missing-panel'
import { LanguageSelect } from '@/tools/translator/language-select'
import { fetchEngine, NOT_CONFIGURED, translateText } from '@/tools/translator/translate-api'
import { TranslationHistory } from '@/tools/translator/translation-history'
import { useLiveDetection } from '@/tools/translator/use-live-detection'
import {
  addToHistory,
  AUTO,
  charCountLabel,
  formatConfidence,
  HISTORY_KEY,
  isHistory,
  isLanguagePair,
  isStale,
  languageName,
  LANGUAGES_KEY,
  pickTarget,
  pivotFor,
  pivotNote,
  pivotsFrom,
  plannedPivotNote,
  swapLanguages,
  targetsFor,
  type Detection,
  type Engine,
  type HistoryEntry,
  type LanguageRef,
  type TranslatedFor,
} from '@/tools/translator/translator.service'

type EngineState = { kind: 'loading' } | { kind: 'ready'; engine: Engine } | { kind: 'missing'; message: string } | { kind: 'failed'; message: string }

export default function TranslatorPage() {
  const [engine, setEngine] = useState<EngineState>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [source, setSource] = useState(() => readStorage(LANGUAGES_KEY, { source: AUTO, target: 'en' }, isLanguagePair).source)
  const [target, setTarget] = useState(() => readStorage(LANGUAGES_KEY, { source: AUTO, target: 'en' }, isLanguagePair).target)
  const [text, setText] = useState('')
  const [translation, setTranslation] = useState('')
  // What the shown translation was made from: once the text or a language changes, it is marked out of date.
  const [translatedFor, setTranslatedFor] = useState<TranslatedFor | null>(null)
  const [detected, setDetected] = useState<Detection | null>(null)
  const [pivot, setPivot] = useState<LanguageRef | null>(null)
  const [busy, setBusy] = useState(false)
  const [history, setHistory] = useState<HistoryEntry[]>(() => readStorage(HISTORY_KEY, [], isHistory))
  const liveDetection = useLiveDetection(text, source === AUTO && engine.kind === 'ready' && detected === null)
  const inputId = useId()
  const counterId = useId()
  const staleId = useId()

  useEffect(() => {
    let live = true
    fetchEngine()
      .then((ready) => {
        if (!live) return
        const languages = ready.languages
        setEngine({ kind: 'ready', engine: ready })
        // A remembered pair the engine no longer offers falls back to what it does offer.
        const from = source === AUTO || languages.some((language) => language.code === source) ? source : AUTO
        setSource(from)
        setTarget((current) => pickTarget(languages, from, current))
      })
      .catch((error: unknown) => {
        if (!live) return
        const problem = toApiError(error)
        setEngine(problem.code === NOT_CONFIGURED ? { kind: 'missing', message: problem.message } : { kind: 'failed', message: problem.message })
      })
    return () => {
      live = false
    }
    // Only on mount and on "Try again": the remembered pair is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt])

  if (engine.kind === 'loading') return <Skeleton className="h-72 w-full" aria-label="Loading the engine's languages" />
  if (engine.kind === 'missing') return <EngineMissingPanel message={engine.message} />
  if (engine.kind === 'failed') {
    return (
      <Card role="alert">
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5 text-sm sm:pt-6">
          <span>The translation engine could not be reached: {engine.message}</span>
          <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        </CardContent>
      </Card>
    )
  }

  const { languages, maxChars } = engine.engine
  const tooLong = text.length > maxChars
  const canTranslate = text.trim() !== '' && !tooLong && target !== '' && !busy
  // The translation's own detection wins; until then, the live guess for the text as typed.
  const shownDetection = detected ?? liveDetection
  const swapped = swapLanguages(languages, { source, target, text, translation, detected: shownDetection })
  // Said before sending: the chosen pair has no direct engine pair and goes through another language.
  const plannedPivot = source === AUTO ? (shownDetection ? pivotFor(languages, shownDetection.language, target) : null) : pivotFor(languages, source, target)
  const targetPivots = source === AUTO ? (shownDetection ? pivotsFrom(languages, shownDetection.language) : {}) : pivotsFrom(languages, source)
  const stale = translation !== '' && isStale(translatedFor, { text, source, target })
  const note = pivot ? pivotNote(pivot.name) : plannedPivot ? plannedPivotNote(plannedPivot, languageName(languages, target)) : ''
  const untranslatable = source === AUTO && shownDetection?.translatable === false

  const remember = (from: string, to: string) => writeStorage(LANGUAGES_KEY, { source: from, target: to })
  const changeSource = (code: string) => {
    const to = pickTarget(languages, code, target)
    setSource(code)
    setTarget(to)
    setDetected(null)
    setPivot(null)
    remember(code, to)
  }
  const changeTarget = (code: string) => {
    setTarget(code)
    setPivot(null)
    remember(source, code)
  }

  const run = async () => {
    if (!canTranslate) return
    setBusy(true)
    try {
      const result = await translateText({ q: text, source, target })
      setTranslation(result.translation)
      setTranslatedFor({ text, source, target })
      setDetected(result.detected)
      setPivot(result.pivot)
      notify.succeeded('translate')
      const next = addToHistory(history, { id: crypto.randomUUID(), source, target, text, translation: result.translation, detected: result.detected, pivot: result.pivot, at: Date.now() })
      setHistory(next)
      writeStorage(HISTORY_KEY, next)
    } catch (error) {
      const problem: ApiError = toApiError(error)
      // The text stays as typed; the message says what to change.
      if (problem.code === NOT_CONFIGURED) setEngine({ kind: 'missing', message: problem.message })
      else notify.failed('translate', 'Translation failed', problem.message)
    } finally {
      setBusy(false)
    }
  }

  const swap = () => {
    if (!swapped) return
    setSource(swapped.source)
    setTarget(swapped.target)
    setText(swapped.text)
    setTranslation(swapped.translation)
    // Swapped with its translation, the text and the translation still belong together (unless it was out of date).
    setTranslatedFor(swapped.translation && !stale ? { text: swapped.text, source: swapped.source, target: swapped.target } : null)
    setDetected(null)
    setPivot(null)
    remember(swapped.source, swapped.target)
  }

  const restore = (entry: HistoryEntry) => {
    setSource(entry.source)
    setTarget(entry.target)
    setText(entry.text)
    setTranslation(entry.translation)
    setTranslatedFor({ text: entry.text, source: entry.source, target: entry.target })
    setDetected(entry.detected)
    setPivot(entry.pivot ?? null)
  }

  const saveHistory = (next: HistoryEntry[]) => {
    setHistory(next)
    writeStorage(HISTORY_KEY, next)
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
          {/* Stacked on phones (the swap arrow turns to match), side by side from the sm breakpoint. */}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <LanguageSelect label="Translate from" value={source} languages={languages.filter((language) => language.targets.length > 0)} withAuto onChange={changeSource} />
            <Button variant="outline" size="icon" className="self-center" aria-label="Swap languages" onClick={swap} disabled={!swapped} title={swapped ? 'Swap languages and texts' : 'Detect or choose a source language the target can translate back into'}>
              <ArrowLeftRight aria-hidden className="rotate-90 sm:rotate-0" />
            </Button>
            <LanguageSelect label="Translate to" value={target} languages={targetsFor(languages, source)} pivots={targetPivots} onChange={changeTarget} />
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="flex flex-col gap-2">
              <label htmlFor={inputId} className="sr-only">
                Text to translate
              </label>
              <Textarea
                id={inputId}
                value={text}
                onChange={(event) => {
                  setText(event.target.value)
                  setDetected(null) // it described the text that was translated
                  setPivot(null)
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                    event.preventDefault()
                    void run()
                  }
                }}
                placeholder="Type or paste text"
                aria-describedby={counterId}
                aria-invalid={tooLong || undefined}
                className="min-h-48"
              />
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
                <span id={counterId} className={cn('tabular-nums text-muted-foreground', tooLong && 'font-medium text-destructive')}>
                  {charCountLabel(text.length, maxChars)} characters{tooLong ? ` — shorten the text: at most ${maxChars.toLocaleString('en-US')} characters per translation` : ''}
                </span>
                {source === AUTO && shownDetection && (
                  <Badge variant={untranslatable ? 'destructive' : 'secondary'} data-testid="detected-language">
                    Detected: {shownDetection.name} · {formatConfidence(shownDetection.confidence)} confidence{untranslatable ? ' — not a language this site translates from' : ''}
                  </Badge>
                )}
              </div>
            </div>
            <div className="flex flex-col gap-2">
              <div className="relative">
                <Textarea
                  readOnly
                  value={translation}
                  aria-label="Translation"
                  aria-describedby={stale ? staleId : undefined}
                  placeholder="Translation"
                  className={cn('min-h-48 bg-muted/40', stale && 'text-muted-foreground')}
                />
                {busy && <Loader2 className="absolute top-3 right-3 size-4 animate-spin text-primary" aria-hidden />}
              </div>
              {stale && (
                <p id={staleId} role="status" className="text-xs font-medium text-amber-800 dark:text-amber-300" data-testid="stale-translation">
                  Out of date: the text or the languages changed since this translation. Translate again.
                </p>
              )}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className={cn('flex items-start gap-1.5 text-xs', note ? 'text-amber-800 dark:text-amber-300' : 'text-muted-foreground')} data-testid="pivot-note">
                  {note && <Info aria-hidden className="mt-px size-3.5 shrink-0" />}
                  {note}
                </p>
                <CopyButton value={translation} label="Copy translation" showLabel disabled={!translation || stale} />
              </div>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => void run()} disabled={!canTranslate}>
              {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Languages aria-hidden />}
              {busy ? 'Translating…' : 'Translate'}
            </Button>
            <span className="text-xs text-muted-foreground">or press Ctrl+Enter · up to {maxChars.toLocaleString('en-US')} characters</span>
          </div>
        </CardContent>
      </Card>
      <TranslationHistory entries={history} languages={languages} onRestore={restore} onRemove={(id) => saveHistory(history.filter((entry) => entry.id !== id))} onClear={() => saveHistory([])} />
    </div>
  )
}
