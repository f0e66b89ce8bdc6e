import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Switch } from '@/components/ui/switch'
import { updatePage } from '@/features/admin/api/update-page'
import { PAGE_LABELS } from '@/features/admin/page-labels'
import { notify } from '@/lib/notify'
import type { PageKey } from '@/lib/page-keys'
import { userMessageFor } from '@/lib/unexpected-error'

export interface PageSetting {
  isDisabled: boolean
  reason: string
}

/** One page's switch and reason; nothing changes on the server until Save. */
export function PageSwitchRow({ pageKey, saved, onSaved }: { pageKey: PageKey; saved: PageSetting; onSaved: (next: PageSetting) => void }) {
  const [draft, setDraft] = useState(saved)
  const [saving, setSaving] = useState(false)
  const { name, path } = PAGE_LABELS[pageKey]
  const dirty = draft.isDisabled !== saved.isDisabled || draft.reason.trim() !== saved.reason
  const id = `page-${pageKey}`

  async function save() {
    setSaving(true)
    try {
      const state = await updatePage(pageKey, draft.isDisabled, draft.reason)
      const next = { isDisabled: state.is_disabled, reason: state.disable_reason }
      onSaved(next)
      setDraft(next)
      notify.success(next.isDisabled ? `${name} disabled` : `${name} enabled`)
    } catch (error) {
      notify.error(userMessageFor(error))  // the draft stays, so nothing typed is lost
    } finally {
      setSaving(false)
    }
  }

  return (
    <fieldset className="grid gap-3 rounded-lg border p-4 sm:grid-cols-[minmax(10rem,1fr)_auto_minmax(12rem,2fr)_auto] sm:items-end">
      <legend className="sr-only">{name}</legend>
      <div className="flex flex-col gap-0.5">
        <span className="font-medium" aria-hidden>
          {name}
        </span>
        <Link to={path} className="w-fit text-sm text-muted-foreground hover:text-foreground hover:underline">
          {path}
        </Link>
      </div>
      {/* On means visitors can use the page: the switch says what it does, with no double negative. */}
      <div className="flex items-center gap-2">
        <Switch id={`${id}-enabled`} checked={!draft.isDisabled} onCheckedChange={(checked) => setDraft({ ...draft, isDisabled: !checked })} aria-describedby={`${id}-state`} />
        <Label htmlFor={`${id}-enabled`}>Enabled</Label>
        <span id={`${id}-state`} className={draft.isDisabled ? 'text-sm font-medium text-destructive' : 'text-sm text-muted-foreground'}>
          {draft.isDisabled ? 'Off for visitors' : 'On'}
        </span>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-reason`}>Reason</Label>
        <Input
          id={`${id}-reason`}
          value={draft.reason}
          maxLength={500}
          placeholder="Shown to visitors (optional)"
          onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && dirty && !saving) void save()
          }}
        />
      </div>
      <Button onClick={() => void save()} disabled={!dirty || saving} variant={dirty ? 'default' : 'outline'}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </fieldset>
  )
}
