import { Flame, KeyRound, Loader2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { SwitchRow } from '@/components/form-fields'
import { Button } from '@/components/ui/button'
import { Input, inputClassName } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { formatBytes } from '@/components/tool-workspace/format-bytes'
import { countOf } from '@/lib/plural'
import { cn } from '@/lib/utils'
import type { PastePrivacy } from '@/features/pastes/api/paste-types'
import { CodeEditor } from '@/features/pastes/code-editor'
import { EXPIRY_OPTIONS, LANGUAGES, PRIVACY_OPTIONS, type ExpiryId } from '@/features/pastes/paste-options'

export interface PasteFormValues {
  title: string
  content: string
  language: string
  privacy: PastePrivacy
  expiry: ExpiryId | 'keep'
  burnAfterRead: boolean
  /** Encrypted in this browser before it is sent (new pastes only): the server never sees the text. */
  encrypt?: boolean
}

/** The table's limit, in UTF-8 bytes (the BFF and SQL check it too). */
export const MAX_PASTE_BYTES = 512 * 1024

/** Why the content cannot be saved, in words the writer can act on; null when it can. */
export function contentProblem(content: string): string | null {
  if (!content.trim()) return 'Write or paste some text first: spaces and blank lines alone make an empty paste.'
  const bytes = new TextEncoder().encode(content).length
  if (bytes > MAX_PASTE_BYTES) return `This text is ${formatBytes(bytes)}; a paste holds at most 512 KB. Shorten it, or split it into two pastes.`
  return null
}

export const EMPTY_PASTE: PasteFormValues = { title: '', content: '', language: 'plaintext', privacy: 'public', expiry: 'never', burnAfterRead: false, encrypt: false }

interface PasteFormProps {
  values: PasteFormValues
  onChange: (values: PasteFormValues) => void
  onSubmit: (values: PasteFormValues) => Promise<void>
  submitLabel: string
  signedIn: boolean
  /** Editing: "keep the current expiry" is offered and is the default. */
  currentExpiry?: string
  /** Creating: "Encrypt in my browser" is offered. */
  encryptable?: boolean
}

export function PasteForm({ values, onChange, onSubmit, submitLabel, signedIn, currentExpiry, encryptable = false }: PasteFormProps) {
  const ids = { title: useId(), content: useId(), language: useId(), expiry: useId(), contentError: useId() }
  const [busy, setBusy] = useState(false)
  const [contentError, setContentError] = useState<string | null>(null)
  const set = <K extends keyof PasteFormValues>(key: K, value: PasteFormValues[K]) => onChange({ ...values, [key]: value })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = contentProblem(values.content)
    if (problem) {
      setContentError(problem)
      return
    }
    setContentError(null)
    setBusy(true)
    try {
      await onSubmit(values)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-6" noValidate>
      <div className="grid gap-4 sm:grid-cols-[1fr_14rem]">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.title}>Title</Label>
          <Input id={ids.title} value={values.title} maxLength={200} placeholder="Untitled" onChange={(event) => set('title', event.target.value)} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.language}>Language</Label>
          <select id={ids.language} value={values.language} onChange={(event) => set('language', event.target.value)} className={inputClassName}>
            {LANGUAGES.map((language) => (
              <option key={language.id} value={language.id}>
                {language.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.content}>Content</Label>
        <CodeEditor
          id={ids.content}
          value={values.content}
          onChange={(content) => set('content', content)}
          language={values.language}
          invalid={contentError !== null}
          describedBy={contentError ? ids.contentError : undefined}
          placeholder="Paste or type your text here"
        />
        {contentError && (
          <p id={ids.contentError} className="text-sm text-destructive">
            {contentError}
          </p>
        )}
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Who can read it</legend>
          {PRIVACY_OPTIONS.map((option) => {
            const locked = (option.id === 'private' && !signedIn) || (option.id === 'public' && values.encrypt === true)
            return (
              <label
                key={option.id}
                className={cn(
                  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:outline-2 has-focus-visible:outline-ring',
                  locked && 'cursor-not-allowed opacity-70',
                )}
              >
                <input
                  type="radio"
                  name="privacy"
                  value={option.id}
                  checked={values.privacy === option.id}
                  disabled={locked}
                  onChange={() => set('privacy', option.id)}
                  className="mt-0.5 accent-primary outline-none"
                />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{option.label}</span>
                  <span className="text-muted-foreground">
                    {locked && option.id === 'public' ? (
                      'Encrypted pastes are never listed: only the link carries their key.'
                    ) : locked ? (
                      <>
                        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                          Sign in
                        </Link>{' '}
                        to make private pastes.
                      </>
                    ) : (
                      option.hint
                    )}
                  </span>
                </span>
              </label>
            )
          })}
        </fieldset>

        <div className="flex flex-col gap-5">
          {encryptable && (
            <>
              <SwitchRow
                label="Encrypt in my browser"
                hint="Only people with the whole link can read it; we store ciphertext we cannot read."
                checked={values.encrypt === true}
                onChange={(checked) => onChange({ ...values, encrypt: checked, privacy: checked && values.privacy === 'public' ? 'unlisted' : values.privacy })}
              />
              {values.encrypt && (
                <p className="flex items-start gap-2 text-sm text-muted-foreground">
                  <KeyRound className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                  The key goes after the # in the link and never reaches our server. Lose the link and nobody — not even you or us — can read the paste again.
                </p>
              )}
            </>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.expiry}>Expires</Label>
            <select id={ids.expiry} value={values.expiry} onChange={(event) => set('expiry', event.target.value as PasteFormValues['expiry'])} className={inputClassName}>
              {currentExpiry !== undefined && <option value="keep">Keep ({currentExpiry})</option>}
              {EXPIRY_OPTIONS.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.id === 'never' ? 'Never' : `In ${option.label}`}
                </option>
              ))}
            </select>
          </div>
          <SwitchRow
            label="Burn after reading"
            hint="Deleted the first time someone else opens it."
            checked={values.burnAfterRead}
            onChange={(checked) => set('burnAfterRead', checked)}
          />
          {values.burnAfterRead && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Flame className="size-4 shrink-0 text-destructive" aria-hidden />
              Share the link once: the first reader sees it, then it is gone.
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {submitLabel}
        </Button>
        <span className="text-xs text-muted-foreground">
          {countOf(values.content.length, 'character')} · up to 512 KB
        </span>
      </div>
    </form>
  )
}
