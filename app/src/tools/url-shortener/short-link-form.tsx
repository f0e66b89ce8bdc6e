import { Link2 } from 'lucide-react'
import { useState } from 'react'
import { Field } from '@/components/form-fields'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { api, toApiError, unwrap, type ApiSchemas } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { usePageState } from '@/lib/use-page-state'
import { EMPTY_FORM, fieldForError, toCreateBody, type ShortLinkField, type ShortLinkFormValues } from '@/tools/url-shortener/url-shortener.service'

/** The create form. The BFF's validation message appears under the field it is about. */
export function ShortLinkForm({ onCreated }: { onCreated: (shortLink: ApiSchemas['ShortLink']) => void }) {
  // A draft survives a reload or Back, as the paste form's does; its password never leaves memory.
  const [draft, setDraft] = usePageState<Omit<ShortLinkFormValues, 'password'>>('url-shortener:draft', EMPTY_FORM)
  const [password, setPassword] = useState('')
  const form: ShortLinkFormValues = { ...draft, password }
  const [error, setError] = useState<{ field: ShortLinkField; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [showOptions, setShowOptions] = useState(false)
  const set = (patch: Partial<ShortLinkFormValues>) => {
    const { password: newPassword, ...rest } = { ...form, ...patch }
    setDraft(rest)
    setPassword(newPassword)
    setError(null)
  }
  const errorFor = (field: ShortLinkField) => (error?.field === field ? error.message : undefined)

  const submit = async () => {
    setBusy(true)
    try {
      const shortLink = unwrap(await api().POST('/api/links', { body: toCreateBody(form) }))
      onCreated(shortLink)
      set({ url: '', alias: '', password: '' }) // keep the other options for the next link
    } catch (caught) {
      const failure = toApiError(caught)
      // 4xx validation: beside the field. Anything else (rate limit, server down): a toast.
      if (failure.status === 422 || failure.status === 409 || failure.status === 400) setError({ field: fieldForError(failure.message), message: failure.message })
      else notify.error('Could not shorten the link', failure.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Field label="Long URL" error={errorFor('url')}>
        {(props) => <Input {...props} type="url" inputMode="url" placeholder="https://example.com/a/very/long/address" value={form.url} onChange={(event) => set({ url: event.target.value })} required />}
      </Field>
      <button type="button" className="self-start text-sm text-primary underline-offset-4 hover:underline" aria-expanded={showOptions} onClick={() => setShowOptions(!showOptions)}>
        {showOptions ? 'Hide options' : 'Custom alias, expiry, click limit and password'}
      </button>
      {showOptions && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Custom alias" error={errorFor('alias')} hint="3–64 letters, digits, - or _">
            {(props) => <Input {...props} value={form.alias} maxLength={64} onChange={(event) => set({ alias: event.target.value })} placeholder="spring-sale" />}
          </Field>
          <Field label="Expires" error={errorFor('expiresAt')}>
            {(props) => <Input {...props} type="datetime-local" value={form.expiresAt} onChange={(event) => set({ expiresAt: event.target.value })} />}
          </Field>
          <Field label="Max clicks" error={errorFor('maxClicks')}>
            {(props) => <Input {...props} type="number" inputMode="numeric" min={1} value={form.maxClicks} onChange={(event) => set({ maxClicks: event.target.value })} placeholder="Unlimited" />}
          </Field>
          <Field label="Password" error={errorFor('password')} hint="Visitors enter it before the link opens: at least 8 characters, not a common password">
            {(props) => <Input {...props} type="password" autoComplete="new-password" maxLength={256} value={form.password} onChange={(event) => set({ password: event.target.value })} placeholder="None" />}
          </Field>
        </div>
      )}
      {error?.field === 'form' && (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      )}
      <Button type="submit" disabled={busy || !form.url.trim()} className="self-start">
        <Link2 aria-hidden />
        {busy ? 'Shortening…' : 'Shorten'}
      </Button>
    </form>
  )
}
