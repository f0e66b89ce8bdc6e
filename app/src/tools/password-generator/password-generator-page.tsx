import { RefreshCw, ShieldCheck } from 'lucide-react'
import { useEffect, useState } from 'react'
import { CopyButton } from '@/components/copy-button'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { RangeField } from '@/components/range-field'
import { PassphraseFields, PasswordFields } from '@/tools/password-generator/password-options'
import {
  MAX_COUNT,
  generatePassphrase,
  generatePassword,
  parseWordList,
  passphraseEntropy,
  passwordEntropy,
} from '@/tools/password-generator/password-generator.service'
import { HighlightedSecret } from '@/tools/password-generator/highlighted-secret'
import { loadSettings, saveSettings, type Settings } from '@/tools/password-generator/settings'
import { StrengthMeter } from '@/tools/password-generator/strength-meter'

type Mode = Settings['mode']

// The word list is 60 KB of text: load it only when someone wants a passphrase.
let wordList: Promise<string[]> | undefined
function loadWordList(): Promise<string[]> {
  wordList ??= import('@/tools/password-generator/eff-large-wordlist.txt?raw').then((module) => parseWordList(module.default))
  return wordList
}

/** A new set of secrets for these settings; no passphrase until the word list is here. */
function generateSet(settings: Settings, words: string[] | null): string[] {
  if (settings.mode === 'password') return Array.from({ length: settings.count }, () => generatePassword(settings.password))
  if (words) return Array.from({ length: settings.count }, () => generatePassphrase(words, settings.passphrase))
  return []
}

export default function PasswordGeneratorPage() {
  const [settings, setSettings] = useState<Settings>(loadSettings)
  const [words, setWords] = useState<string[] | null>(null)
  // A new set is made where it is asked for: on opening, on every change of the options, on "Generate",
  // and when the word list arrives.
  const [results, setResults] = useState<string[]>(() => generateSet(settings, null))
  const { mode, count, password, passphrase } = settings
  const change = (patch: Partial<Settings>) => {
    const next = { ...settings, ...patch }
    setSettings(next)
    setResults(generateSet(next, words))
  }

  useEffect(() => {
    if (settings.mode !== 'passphrase' || words) return
    let active = true
    void loadWordList().then((list) => {
      if (!active) return
      setWords(list)
      setResults(generateSet(settings, list))
    })
    return () => {
      active = false
    }
  }, [settings, words])
  useEffect(() => {
    saveSettings(settings)
  }, [settings])

  const bits = mode === 'password' ? passwordEntropy(password) : passphraseEntropy(words?.length ?? 7776, passphrase)

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <Card className="lg:order-2">
        <CardHeader className="flex-row items-center justify-between gap-3 space-y-0">
          <CardTitle className="text-base">{count > 1 ? `Your ${mode}s` : `Your ${mode}`}</CardTitle>
          <div className="flex gap-2">
            {results.length > 1 && <CopyButton value={results.join('\n')} label="Copy all" showLabel />}
            <Button size="sm" onClick={() => setResults(generateSet(settings, words))}>
              <RefreshCw aria-hidden />
              Generate
            </Button>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <ul aria-label="Generated" aria-live="polite" className="flex flex-col gap-2">
            {results.map((value, index) => (
              <li key={`${index}-${value}`} className="flex items-center gap-2 rounded-lg border bg-muted/40 py-2 pr-2 pl-3">
                <output data-testid="secret" className="min-w-0 flex-1 font-mono text-base break-all sm:text-lg">
                  {mode === 'password' ? <HighlightedSecret value={value} /> : value}
                </output>
                <CopyButton value={value} label={`Copy ${mode} ${index + 1}`} />
              </li>
            ))}
            {results.length === 0 && <li className="text-sm text-muted-foreground">Loading the word list…</li>}
          </ul>
          <StrengthMeter bits={bits} />
          <p className="flex items-start gap-2 text-xs text-muted-foreground">
            <ShieldCheck className="mt-px size-4 shrink-0 text-success" aria-hidden />
            Generated on your device with the browser's cryptographic random numbers. Nothing is sent anywhere.
          </p>
        </CardContent>
      </Card>

      <Card className="lg:order-1">
        <CardHeader>
          <CardTitle className="text-base">Options</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <Tabs value={mode} onValueChange={(value) => change({ mode: value as Mode })}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="password">Password</TabsTrigger>
              <TabsTrigger value="passphrase">Passphrase</TabsTrigger>
            </TabsList>
            <TabsContent value="password" className="pt-3">
              <PasswordFields options={password} onChange={(next) => change({ password: next })} />
            </TabsContent>
            <TabsContent value="passphrase" className="pt-3">
              <PassphraseFields options={passphrase} onChange={(next) => change({ passphrase: next })} />
              <p className="mt-4 text-xs text-muted-foreground">Words from the EFF large word list (7,776 words, CC BY 3.0).</p>
            </TabsContent>
          </Tabs>
          <RangeField label="How many" value={count} min={1} max={MAX_COUNT} onChange={(next) => change({ count: next })} />
        </CardContent>
      </Card>
    </div>
  )
}
