import { Save } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { SectionCard } from '@/components/section-card'
import { getMe, setProfile } from '@/features/auth/session'
import { updateProfile, type ProfileChanges } from '@/features/auth/account/api/update-profile'
import { FormField } from '@/components/form-field'
import { ApiError } from '@/lib/api/client'
import { notify } from '@/lib/notify'
import { UNEXPECTED_ERROR_MESSAGE } from '@/lib/unexpected-error'
import { useLatest } from '@/lib/use-latest'

type Field = 'nickname' | 'full_name' | 'bio' | 'location' | 'avatar_url'
type Values = Record<Field, string>

const EMPTY: Values = { nickname: '', full_name: '', bio: '', location: '', avatar_url: '' }

/** Empty optional fields go to the BFF as null (location, avatar URL default to null, SPEC §3). */
export function profileChanges(values: Values): ProfileChanges {
  return {
    nickname: values.nickname.trim(),
    full_name: values.full_name.trim(),
    bio: values.bio.trim(),
    location: values.location.trim() || null,
    avatar_url: values.avatar_url.trim() || null,
  }
}

export function ProfileForm({ accessToken }: { accessToken: string }) {
  const [values, setValues] = useState<Values | null>(null)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)
  const bioId = useId()
  const token = useLatest(accessToken)

  useEffect(() => {
    let active = true
    getMe(token.current).then(
      ({ profile }) => {
        if (!active) return
        setValues(
          profile
            ? { nickname: profile.nickname ?? '', full_name: profile.full_name, bio: profile.bio, location: profile.location ?? '', avatar_url: profile.avatar_url ?? '' }
            : EMPTY,
        )
      },
      () => active && notify.error('An error occurred. Please try again later.'),
    )
    return () => {
      active = false
    }
    // The profile is loaded once (with the token of the time); a refreshed token is the same person.
  }, [token])

  if (!values) return <SectionCard id="profile-title" title="Profile" description="Loading..." children={null} />

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      // The saved row is what the dashboard and menus show from now on.
      setProfile(await updateProfile(accessToken, profileChanges(values)))
      notify.success('Profile saved')
    } catch (error) {
      // The BFF's validation message names the field first: shown beside that field.
      if (error instanceof ApiError && error.field && error.field in EMPTY) setErrors({ [error.field]: error.message })
      else notify.error(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  return (
    <SectionCard id="profile-title" title="Profile" description="How you appear on your pastes and links.">
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2" aria-label="Profile">
        <FormField label="Nickname" autoComplete="nickname" hint="3 to 32 lower-case letters, digits or _" {...field('nickname')} />
        <FormField label="Full name" autoComplete="name" {...field('full_name')} />
        <FormField label="Location" {...field('location')} />
        <FormField label="Avatar URL" type="url" inputMode="url" placeholder="https://" {...field('avatar_url')} />
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor={bioId}>Bio</Label>
          <Textarea
            id={bioId}
            rows={3}
            value={values.bio}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={errors.bio ? `${bioId}-error` : undefined}
            onChange={(event) => setValues({ ...values, bio: event.target.value })}
          />
          {errors.bio && (
            <p id={`${bioId}-error`} className="text-xs font-medium text-destructive">
              {errors.bio}
            </p>
          )}
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            <Save aria-hidden />
            {busy ? 'Saving…' : 'Save profile'}
          </Button>
        </div>
      </form>
    </SectionCard>
  )
}
