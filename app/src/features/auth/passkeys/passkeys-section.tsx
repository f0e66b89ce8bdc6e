import type { PasskeyListItem } from '@supabase/supabase-js'
import { KeyRound } from 'lucide-react'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { FormField } from '@/components/form-field'
import { SectionCard } from '@/components/section-card'
import { Button } from '@/components/ui/button'
import { loadAuth } from '@/features/auth/client'
import { browserSupportsPasskeys, passkeysEnabled } from '@/features/auth/passkeys/passkey-availability'
import { notifyPasskeyError } from '@/features/auth/passkeys/passkey-errors'
import { passkeyNameError } from '@/features/auth/passkeys/passkey-name'
import { PasskeyRow } from '@/features/auth/passkeys/passkey-row'
import { notify } from '@/lib/notify'

type Listing = { status: 'loading' } | { status: 'off' } | { status: 'ready'; passkeys: PasskeyListItem[] }

/** The account's passkeys, or 'off'; null (after a toast) when Auth could not list them. */
async function readListing(): Promise<Listing | null> {
  // An Auth server without passkeys (before v2.188.0, or switched off) says so in /settings.
  if (!(await passkeysEnabled())) return { status: 'off' }
  const { data, error } = await (await loadAuth()).passkey.list()
  if (error && (error as { code?: string }).code === 'passkey_disabled') return { status: 'off' }
  if (error) {
    notifyPasskeyError(error, 'manage')
    return null
  }
  return { status: 'ready', passkeys: data }
}

/** /account's passkeys: add one (with a name), rename, remove; when each was added and last used. */
export function PasskeysSection() {
  const [listing, setListing] = useState<Listing>({ status: 'loading' })
  const [name, setName] = useState('')
  const [nameError, setNameError] = useState<string>()
  const [busy, setBusy] = useState(false)

  // The listing is set in the promise's callback, once Auth has answered (never synchronously in the effect).
  const reload = useCallback(
    () =>
      readListing().then((next) => {
        if (next) setListing(next)
      }),
    [],
  )

  useEffect(() => {
    void reload()
  }, [reload])

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const problem = passkeyNameError(name, { required: false })
    setNameError(problem)
    if (problem) return
    setBusy(true)
    const auth = await loadAuth()
    const { data, error } = await auth.registerPasskey()
    if (!error && data && name.trim()) {
      const renamed = await auth.passkey.update({ passkeyId: data.id, friendlyName: name.trim() })
      if (renamed.error) notifyPasskeyError(renamed.error, 'manage')
    }
    setBusy(false)
    // On failure the typed name stays, so trying again is one click.
    if (error) return notifyPasskeyError(error, 'add')
    setName('')
    notify.success('Passkey added', 'Next time, sign in with it instead of your password.')
    await reload()
  }

  const rename = async (passkey: PasskeyListItem, friendlyName: string): Promise<boolean> => {
    const { error } = await (await loadAuth()).passkey.update({ passkeyId: passkey.id, friendlyName })
    if (error) {
      notifyPasskeyError(error, 'manage')
      return false
    }
    notify.success('Passkey renamed')
    await reload()
    return true
  }

  const remove = async (passkey: PasskeyListItem) => {
    const { error } = await (await loadAuth()).passkey.delete({ passkeyId: passkey.id })
    if (error) return notifyPasskeyError(error, 'manage')
    notify.success('Passkey removed', 'It no longer signs you in. Remove it from your device too.')
    await reload()
  }

  return (
    <SectionCard id="passkeys-title" title="Passkeys" description="Sign in with your fingerprint, face or device PIN instead of a password.">
      {listing.status === 'loading' ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : listing.status === 'off' ? (
        <p className="text-sm text-muted-foreground">Passkeys are not available on this site.</p>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label="Your passkeys">
            {listing.passkeys.length === 0 && <li className="text-sm text-muted-foreground">No passkey yet.</li>}
            {listing.passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} onRename={rename} onRemove={remove} />
            ))}
          </ul>
          {browserSupportsPasskeys() ? (
            <form noValidate onSubmit={(event) => void add(event)} className="flex flex-col gap-3" aria-label="Add a passkey">
              <FormField
                label="Name of the new passkey (optional)"
                name="passkey-name"
                placeholder="e.g. Work laptop"
                autoComplete="off"
                value={name}
                onChange={(event) => setName(event.target.value)}
                error={nameError}
              />
              <div>
                <Button type="submit" variant="outline" disabled={busy}>
                  <KeyRound aria-hidden />
                  {busy ? 'Waiting for your device…' : 'Add a passkey'}
                </Button>
              </div>
            </form>
          ) : (
            <p className="text-sm text-muted-foreground">This browser can’t create passkeys.</p>
          )}
        </>
      )}
    </SectionCard>
  )
}

